import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from 'graphql';
import { useState } from 'react';
import { Icon } from './icons.js';

interface GraphqlExplorerProps {
  schema: GraphQLSchema;
  onClose: () => void;
}

/** The schema as documentation: its root types, then any type's fields, arguments and values, followed by links. */
export function GraphqlExplorer({ schema, onClose }: GraphqlExplorerProps) {
  // The types opened, in order, so Back returns to where the reader came from.
  const [trail, setTrail] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const open = (name: string) => {
    setTrail((current) => [...current, name]);
    setSearch('');
  };
  const current = trail.at(-1);
  const type = current === undefined ? undefined : schema.getType(current);
  return (
    <aside className="graphql-explorer" aria-label="Schema explorer">
      <div className="graphql-explorer-head">
        {trail.length > 0 ? (
          <button type="button" className="button button-small" onClick={() => setTrail((t) => t.slice(0, -1))}>
            Back
          </button>
        ) : (
          <h3 className="graphql-explorer-title">Schema</h3>
        )}
        <button type="button" className="icon-button" aria-label="Close the schema explorer" onClick={onClose}>
          <Icon name="x" size={14} />
        </button>
      </div>
      <input
        className="input"
        type="search"
        aria-label="Search the schema's types"
        placeholder="Search types"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="graphql-explorer-body">
        {search.trim() !== '' ? (
          <TypeSearch schema={schema} search={search.trim()} onOpen={open} />
        ) : type === undefined ? (
          <RootTypes schema={schema} onOpen={open} />
        ) : (
          <TypeDetail type={type} onOpen={open} />
        )}
      </div>
    </aside>
  );
}

function RootTypes({ schema, onOpen }: { schema: GraphQLSchema; onOpen: (name: string) => void }) {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const;
  return (
    <ul className="graphql-explorer-list">
      {roots.map(([operation, root]) =>
        root === null || root === undefined ? null : (
          <li key={operation}>
            <span className="muted">{operation}: </span>
            <TypeLink type={root} onOpen={onOpen} />
          </li>
        ),
      )}
    </ul>
  );
}

function TypeSearch(props: { schema: GraphQLSchema; search: string; onOpen: (name: string) => void }) {
  const wanted = props.search.toLowerCase();
  const names = Object.keys(props.schema.getTypeMap())
    .filter((name) => !name.startsWith('__') && name.toLowerCase().includes(wanted))
    .sort();
  if (names.length === 0) return <p className="muted">No type is named like “{props.search}”.</p>;
  return (
    <ul className="graphql-explorer-list">
      {names.map((name) => (
        <li key={name}>
          <button type="button" className="graphql-type-link" onClick={() => props.onOpen(name)}>
            {name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function TypeDetail({ type, onOpen }: { type: GraphQLNamedType; onOpen: (name: string) => void }) {
  const fields: readonly (GraphQLField<unknown, unknown> | GraphQLInputField)[] =
    isObjectType(type) || isInterfaceType(type) || isInputObjectType(type) ? Object.values(type.getFields()) : [];
  return (
    <div className="graphql-type">
      <h3 className="graphql-explorer-title mono">{type.name}</h3>
      {type.description && <p className="graphql-description">{type.description}</p>}
      {fields.length > 0 && (
        <ul className="graphql-explorer-list" aria-label={`Fields of ${type.name}`}>
          {fields.map((field) => (
            <li key={field.name} className="graphql-field">
              <span className="mono graphql-field-name">{field.name}</span>
              {'args' in field && field.args.length > 0 && <Arguments args={field.args} onOpen={onOpen} />}
              <span className="mono">: </span>
              <TypeLink type={field.type} onOpen={onOpen} />
              {field.description && <p className="graphql-description">{field.description}</p>}
            </li>
          ))}
        </ul>
      )}
      {isEnumType(type) && (
        <ul className="graphql-explorer-list" aria-label={`Values of ${type.name}`}>
          {type.getValues().map((value) => (
            <li key={value.name} className="mono">
              {value.name}
            </li>
          ))}
        </ul>
      )}
      {isUnionType(type) && (
        <ul className="graphql-explorer-list" aria-label={`Members of ${type.name}`}>
          {type.getTypes().map((member) => (
            <li key={member.name}>
              <TypeLink type={member} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Arguments({ args, onOpen }: { args: readonly GraphQLArgument[]; onOpen: (name: string) => void }) {
  return (
    <span className="mono">
      (
      {args.map((arg, index) => (
        <span key={arg.name}>
          {index > 0 && ', '}
          {arg.name}: <TypeLink type={arg.type} onOpen={onOpen} />
        </span>
      ))}
      )
    </span>
  );
}

/** A type as written (`[User!]!`), its named type a link to its page. */
function TypeLink({ type, onOpen }: { type: GraphQLType; onOpen: (name: string) => void }) {
  const named = getNamedType(type);
  const [before = '', after = ''] = type.toString().split(named.name);
  return (
    <span className="mono">
      {before}
      <button type="button" className="graphql-type-link" onClick={() => onOpen(named.name)}>
        {named.name}
      </button>
      {after}
    </span>
  );
}
