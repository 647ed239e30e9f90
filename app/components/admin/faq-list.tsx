import { Link } from "react-router";
import type { ReactNode } from "react";
import { TabPanel } from "~/components/admin/tab-panel";
import { formatDate } from "~/utils/dates";
import { FAQS_PATH } from "~/paths";
import { noneWithSpanish, type SpanishChange, type SpanishStatus, type SpanishToDo } from "~/models/spanish-status";
import { SpanishBadge, SpanishStillCorrectButton } from "~/components/admin/spanish-status";
import { hrefWith } from "~/utils/paging";

export type FaqCardData = {
  id: number;
  question: string;
  answer: string;
  sortOrder: number;
  isActive: boolean;
  spanishStatus: SpanishStatus;
  spanishChanges: SpanishChange[];
  createdAt: string;
  updatedAt: string;
};

const SKELETON_CARDS = 3;

const primaryLink = "inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800";
const outlineLink = "inline-flex h-10 items-center rounded-md border px-4 text-sm font-semibold";

/** The FAQs tab's card: 'FAQ Management' with its Add FAQ button. */
export function FaqsPanel({ children, toolbar }: { children: ReactNode; toolbar?: ReactNode }) {
  return (
    <TabPanel
      id="faqs-title"
      title="FAQ Management"
      description="Manage frequently asked questions"
      toolbar={toolbar}
      actions={
        <Link to={`${FAQS_PATH}/new`} preventScrollReset className={primaryLink}>
          Add FAQ
        </Link>
      }
    >
      {children}
    </TabPanel>
  );
}

export function FaqList({ faqs, spanish }: { faqs: FaqCardData[]; spanish: SpanishToDo | null }) {
  if (!faqs.length && spanish) {
    return <p className="p-5 text-slate-600">{noneWithSpanish("FAQs", spanish)}</p>;
  }
  if (!faqs.length) {
    return (
      <div className="flex flex-col items-center px-5 py-12 text-center">
        <h3 className="text-lg font-semibold text-slate-900">No FAQs found</h3>
        <p className="mt-1 text-slate-600">Get started by adding your first frequently asked question.</p>
        <Link to={`${FAQS_PATH}/new`} preventScrollReset className={`${primaryLink} mt-5`}>
          Add First FAQ
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-4 p-5" aria-label="FAQs">
      {faqs.map((faq) => (
        <li key={faq.id}>
          <FaqCard faq={faq} tabUrl={hrefWith(FAQS_PATH, { spanish })} />
        </li>
      ))}
    </ul>
  );
}

function FaqCard({ faq, tabUrl }: { faq: FaqCardData; tabUrl: string }) {
  const created = formatDate(faq.createdAt);
  const updated = formatDate(faq.updatedAt);
  const titleId = `faq-${faq.id}-question`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="break-words font-semibold text-slate-900">
            {faq.question}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{`Order: ${faq.sortOrder}`}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${faq.isActive ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
            >
              {faq.isActive ? "Active" : "Inactive"}
            </span>
            <SpanishBadge status={faq.spanishStatus} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {faq.spanishStatus === "outdated" ? <SpanishStillCorrectButton action={tabUrl} id={faq.id} name={faq.question} changes={faq.spanishChanges} /> : null}
          <Link
            to={`${FAQS_PATH}/${faq.id}/edit`}
            preventScrollReset
            aria-label={`Edit ${faq.question}`}
            className={`${outlineLink} border-slate-300 text-slate-700 hover:bg-slate-100`}
          >
            Edit
          </Link>
          <Link
            to={`${FAQS_PATH}/${faq.id}/delete`}
            preventScrollReset
            aria-label={`Delete ${faq.question}`}
            className={`${outlineLink} border-red-300 text-red-700 hover:bg-red-50`}
          >
            Delete
          </Link>
        </div>
      </div>
      {/* The answer's line breaks are the admin's: kept as typed. */}
      <p className="mt-3 whitespace-pre-line break-words text-slate-700">{faq.answer}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 text-xs text-slate-500">
        <span>{`Created ${created}`}</span>
        {/* Shown only when it says something: an edit on another day than the creation. */}
        {updated !== created ? <span>{`Updated ${updated}`}</span> : null}
      </p>
    </article>
  );
}

/** While a client-side navigation opens the tab: its frame and three placeholder cards. */
export function FaqsLoading() {
  return (
    <FaqsPanel>
      <ul className="space-y-4 p-5" aria-busy="true" aria-label="Loading FAQs">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} data-testid="faq-skeleton" className="animate-pulse rounded-lg border border-slate-200 p-4 sm:p-5">
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="mt-2 h-4 w-24 rounded bg-slate-200" />
            <div className="mt-4 h-4 w-full rounded bg-slate-100" />
            <div className="mt-2 h-4 w-5/6 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </FaqsPanel>
  );
}
