// Labelled facts as a two-column table (a receipt, a certificate): each row's label is its heading.
// Rendered on the server; it adds no script to the page.
export function FactsTable({ rows, className }: { rows: [label: string, value: string][]; className?: string }) {
  return (
    <table className={className}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
