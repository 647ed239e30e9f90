import { Link } from "react-router";
import { useT } from "~/i18n/use-t";

const linkClass = "inline-flex h-11 min-w-11 items-center justify-center rounded-md border px-3 font-semibold";
const idleClass = `${linkClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-100`;

/**
 * The page numbers shown: the first, the last, and the current one with its neighbours;
 * null stands for the pages left out between them. pageNumbers(5, 9) is [1, null, 4, 5, 6, null, 9].
 */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const n of shown) {
    const previous = numbers[numbers.length - 1];
    if (typeof previous === "number" && n - previous === 2) numbers.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) numbers.push(null);
    numbers.push(n);
  }
  return numbers;
}

/** Previous, the page numbers and Next, as links (only when there is more than one page). */
export function PageLinks(props: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useT();
  const { page, pageCount } = props;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("browse.pages", "Pages")} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={props.hrefFor(page - 1)} rel="prev" className={idleClass}>
              {t("browse.previous", "Previous")}
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" aria-label={t("browse.page_n", "Page {{n}}", { n })} className={`${linkClass} border-brand-700 bg-brand-700 text-white`}>
                  {n}
                </span>
              ) : (
                <Link to={props.hrefFor(n)} aria-label={t("browse.page_n", "Page {{n}}", { n })} className={idleClass}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={props.hrefFor(page + 1)} rel="next" className={idleClass}>
              {t("browse.next", "Next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
