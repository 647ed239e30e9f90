import { Link } from "react-router";

const pagerLink = "inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100";

/** Previous and next links of a paged list (only when there is more than one page). */
export function Pager(props: { label: string; page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { page, pageCount } = props;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={props.label} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-5">
      {page > 1 ? (
        <Link to={props.hrefFor(page - 1)} preventScrollReset className={pagerLink}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={props.hrefFor(page + 1)} preventScrollReset className={pagerLink}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
