import type { Components } from 'react-markdown';
import Markdown from 'react-markdown';

/** Markdown elements in the app's own type scale (there is no typography plugin). */
const components: Components = {
  h1: ({ node: _node, ...props }) => (
    <h2 className="mt-10 mb-4 text-2xl font-bold tracking-tight" {...props} />
  ),
  h2: ({ node: _node, ...props }) => (
    <h2 className="mt-10 mb-4 text-xl font-semibold tracking-tight" {...props} />
  ),
  h3: ({ node: _node, ...props }) => <h3 className="mt-8 mb-3 text-lg font-semibold" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-4 leading-7 text-foreground/90" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-4 list-disc space-y-2 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-4 list-decimal space-y-2 pl-6" {...props} />,
  li: ({ node: _node, ...props }) => (
    <li className="leading-7 text-foreground/90 marker:text-primary" {...props} />
  ),
  a: ({ node: _node, ...props }) => (
    <a
      className="text-primary underline underline-offset-4"
      target="_blank"
      rel="noreferrer noopener"
      {...props}
    />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-6 border-l-2 border-primary pl-4 text-muted-foreground italic" {...props} />
  ),
  code: ({ node: _node, ...props }) => (
    <code className="rounded bg-surface px-1.5 py-0.5 font-mono text-[0.85em]" {...props} />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre className="my-6 overflow-x-auto rounded-md border bg-surface p-4 font-mono text-sm" {...props} />
  ),
  hr: ({ node: _node, ...props }) => <hr className="my-8 border-border" {...props} />,
  strong: ({ node: _node, ...props }) => <strong className="font-semibold text-foreground" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="my-6 overflow-x-auto">
      <table className="w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b px-3 py-2 text-left font-semibold" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-3 py-2" {...props} />,
  // Images could load from anywhere (and the CSP refuses them): show their description instead.
  img: ({ alt }) => <span className="text-muted-foreground italic">{alt}</span>,
};

/**
 * A post's body. react-markdown builds React elements and never injects HTML: raw HTML in the Markdown is
 * dropped (`skipHtml`) and unsafe link protocols (javascript:) are removed by its default URL transform.
 */
export function PostMarkdown({ content }: { content: string }) {
  return (
    <Markdown skipHtml components={components}>
      {content}
    </Markdown>
  );
}
