/** A labelled local date (`YYYY-MM-DD`, "" when none) among the Budget pane's filters. */
export function DateField(props: { label: string; value: string; onChange(value: string): void }) {
  return (
    <label className="requests__field">
      <span>{props.label}</span>
      <input type="date" value={props.value} onChange={(event) => props.onChange(event.target.value)} />
    </label>
  );
}
