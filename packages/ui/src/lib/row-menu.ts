/** Opens the actions menu of a row, whose button is hidden from assistive technology (the row is one name). */
export function openRowMenu(row: HTMLElement): void {
  row.querySelector<HTMLElement>('.tree-actions button')?.click();
}
