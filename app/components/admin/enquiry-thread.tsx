import type { ThreadItem } from "~/models/enquiry-thread";
import { formatDateTime } from "~/utils/dates";
import { LANGUAGE_NAMES } from "~/utils/locale";

/**
 * An enquiry's thread after the visitor's message: the office's replies (who, when, the
 * language, the text as sent) and the visit's events, oldest first. Nothing while there
 * is neither. `label` names the region (a page of cards has one per conversation); `heading` is
 * its heading's level under the card's or the dialog's own.
 */
export function EnquiryThread({ items, label, heading: Heading }: { items: ThreadItem[]; label: string; heading: "h3" | "h4" }) {
  if (!items.length) return null;
  return (
    <section aria-label={label} className="mt-3">
      <Heading className="text-sm font-semibold text-slate-800">Conversation</Heading>
      <ol className="mt-1 grid gap-2 border-l-2 border-slate-200 pl-3 text-sm">
        {items.map((item) =>
          item.kind === "reply" ? (
            <li key={`reply-${item.id}`}>
              <p className="break-words text-slate-600">
                <span className="font-semibold text-slate-800">Reply</span> by <span className="break-all">{item.by}</span> · {formatDateTime(item.at)} · {LANGUAGE_NAMES[item.language]}
              </p>
              <p lang={item.language} className="mt-1 whitespace-pre-line break-words text-slate-800">
                {item.body}
              </p>
            </li>
          ) : (
            <li key={`event-${item.id}`} className="break-words text-slate-600">
              <span className="font-semibold text-slate-800">{item.text}</span> · <span className="break-all">{item.by}</span> · {formatDateTime(item.at)}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
