/** Renders Mermaid text to SVG in the browser (mermaid is loaded on demand: it is large). */
import { useEffect, useRef, useState } from 'react';

type MermaidApi = typeof import('mermaid').default;
let mermaidPromise: Promise<MermaidApi> | undefined;
let renderCount = 0;

function loadMermaid(): Promise<MermaidApi> {
  mermaidPromise ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', state: { useMaxWidth: true } });
    return mermaid;
  });
  return mermaidPromise;
}

export interface MermaidDiagramProps {
  text: string;
  /** Accessible description of the picture. */
  label: string;
}

export function MermaidDiagram({ text, label }: MermaidDiagramProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    let cancelled = false;
    renderCount += 1;
    const id = `qm-mermaid-${renderCount}`;
    loadMermaid()
      .then((mermaid) => mermaid.render(id, text))
      .then(({ svg }) => {
        if (cancelled || !hostRef.current) return;
        hostRef.current.innerHTML = svg; // sanitized by mermaid (securityLevel 'strict')
        setError(null);
        setRendered(true);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(err instanceof Error ? err.message : String(err));
      });
    return () => {
      cancelled = true;
    };
  }, [text]);

  return (
    <figure className="qm-figure">
      <div ref={hostRef} className="qm-svg" role="img" aria-label={label} data-testid="machine-diagram" data-rendered={rendered} />
      {error && (
        <p role="alert" className="qm-error">
          Diagram failed to render: {error}
        </p>
      )}
      <details>
        <summary>Mermaid source</summary>
        <pre className="qm-json">{text}</pre>
      </details>
    </figure>
  );
}
