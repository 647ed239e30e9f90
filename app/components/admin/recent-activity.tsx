import { Link } from "react-router";
import { ADMINS_PATH, FAQS_PATH, MEDIA_PATH, MESSAGES_PATH, PROPERTIES_PATH, SETTINGS_PATH, TEXT_PATH } from "~/paths";

/** One change log entry as the Overview shows it; `when` is already in Central Time. */
export type ActivityItem = {
  id: number;
  createdAt: string;
  when: string;
  actor: string;
  entity: string;
  entityId: string | null;
  action: string;
  summary: string;
};

// Where each kind of entry lives, and how a sentence names it. Sign-ins live nowhere.
// An entry about no one row (an export of the messages) names them in the plural.
const ENTITIES: Record<string, { noun: string; plural?: string; path?: string }> = {
  property: { noun: "property", path: PROPERTIES_PATH },
  media: { noun: "media", path: MEDIA_PATH },
  faq: { noun: "FAQ", path: FAQS_PATH },
  whitelist: { noun: "whitelist entry", path: ADMINS_PATH },
  setting: { noun: "setting", path: SETTINGS_PATH },
  text: { noun: "text entry", path: TEXT_PATH },
  message: { noun: "message", plural: "messages", path: MESSAGES_PATH },
  session: { noun: "session" },
  passkey: { noun: "passkey", path: ADMINS_PATH },
};

const VERBS: Record<string, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  link: "linked media to",
  unlink: "unlinked media from",
  upload: "uploaded",
  reupload: "re-uploaded",
  hero: "changed the hero image status of",
  add: "added",
  remove: "removed",
  handled: "marked as handled",
  unhandled: "marked as new",
  "visit-confirmed": "confirmed the visit of",
  "visit-declined": "declined the visit of",
  "visit-cancelled": "called off the visit of",
  export: "exported",
  "sign-in": "signed in",
  "sign-out": "signed out",
  "sign-out-others": "signed out their other sessions",
  "spanish-confirmed": "confirmed the Spanish of",
};

function EntryLine({ item }: { item: ActivityItem }) {
  const verb = VERBS[item.action] ?? item.action;
  const entity = ENTITIES[item.entity] ?? { noun: item.entity };
  const name = item.entityId ? `${entity.noun} ${item.entityId}` : (entity.plural ?? entity.noun);
  return (
    <p className="min-w-0 break-words text-slate-900">
      <span className="break-all font-semibold">{item.actor}</span> {verb}
      {item.entity === "session" ? null : (
        <>
          {" "}
          {entity.path ? (
            <Link to={entity.path} className="font-medium text-brand-700 underline hover:text-brand-800">
              {name}
            </Link>
          ) : (
            <span className="font-medium">{name}</span>
          )}
        </>
      )}
    </p>
  );
}

/** The Overview's last changes, newest first (the admin change log, issue 11). */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <section aria-labelledby="recent-activity-title" className="mt-8 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-5">
        <h3 id="recent-activity-title" className="text-xl font-bold text-brand-900">
          Recent activity
        </h3>
        <p className="mt-1 text-sm text-slate-600">The last changes made by admins, newest first</p>
      </div>
      {items.length === 0 ? (
        <p className="p-5 text-slate-600">No activity yet</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {items.map((item) => (
            <li key={item.id} className="px-5 py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <EntryLine item={item} />
                <time dateTime={item.createdAt} className="shrink-0 text-sm text-slate-600">
                  {item.when}
                </time>
              </div>
              {item.summary ? <p className="mt-1 break-words text-sm text-slate-700">{item.summary}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
