import "./avatar.css";

/** An assistant's avatar (a letter or an emoji) in a round badge; not read, as its name says who it is. */
export function Avatar({ text }: { readonly text: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {text}
    </span>
  );
}
