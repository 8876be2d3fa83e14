import type { ReactNode } from 'react';

/**
 * Renders seeded page text: blank-line paragraphs, "- " bullet lists and "## " headings.
 * Only text nodes are produced, never HTML, so content cannot inject markup.
 */
export function ContentBody({ body }: { body: string }) {
  const blocks: ReactNode[] = [];
  body.split(/\n{2,}/).forEach((block, i) => {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) return;
    if (lines.every((l) => l.startsWith('- '))) {
      blocks.push(
        <ul key={i}>
          {lines.map((l, j) => (
            <li key={j}>{l.slice(2)}</li>
          ))}
        </ul>,
      );
      return;
    }
    for (const [j, line] of lines.entries()) {
      if (line.startsWith('## ')) {
        blocks.push(<h2 key={`${i}-${j}`}>{line.slice(3)}</h2>);
        continue;
      }
      blocks.push(<p key={`${i}-${j}`}>{line}</p>);
    }
  });
  return <div className="prose">{blocks}</div>;
}
