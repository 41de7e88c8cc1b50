import type { KeyValue } from '@client/core';

/** Headers as sent or received, in their order; a name may repeat. */
export function HeadersTable({ headers }: { headers: readonly KeyValue[] }) {
  return (
    <table className="headers-table">
      <tbody>
        {headers.map(({ key, value }, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: headers repeat, position is their identity
          <tr key={index}>
            <th scope="row">{key}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
