import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TabPanel } from "~/components/admin/tab-panel";
import { MESSAGES_PATH } from "~/components/admin/tabs";
import { contactMessagesPage, decodeMessageCursor } from "~/models/messages.server";
import { getDictionary } from "~/models/texts.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/dates";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = contactMessagesPage({ before: decodeMessageCursor(params.get("before")), after: decodeMessageCursor(params.get("after")) });
  const english = getDictionary().en;
  const messages = page.messages.map((message) => ({
    id: message.id,
    name: `${message.firstName} ${message.lastName}`,
    email: message.email,
    phone: message.phone,
    subject: english[`contact.form.subject.${message.subject}`] ?? message.subject,
    message: message.message,
    date: formatDateTime(message.createdAt),
  }));
  return json({ messages, older: page.older, newer: page.newer }, { headers: { "Cache-Control": "no-store" } });
}

const pagerLink = "inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100";

export default function MessagesTab() {
  const { messages, older, newer } = useLoaderData<typeof loader>();
  return (
    <TabPanel id="messages-title" title="Contact Messages" description="Messages submitted through the contact form">
      {messages.length === 0 ? (
        <p className="p-5 text-slate-600">No messages yet</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {messages.map((message) => (
            <li key={message.id} className="p-5">
              <article aria-label={`Message from ${message.name}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-slate-900">{message.name}</h3>
                    <p className="text-sm text-slate-600">
                      <a href={`mailto:${message.email}`} className="break-all text-brand-700 underline">
                        {message.email}
                      </a>
                      {message.phone ? <span> · {message.phone}</span> : null}
                    </p>
                  </div>
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">{message.date}</span>
                </div>
                <p className="mt-3 text-sm text-slate-800">
                  <span className="font-semibold">Subject:</span> {message.subject}
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">{message.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {newer || older ? (
        <nav aria-label="Message pages" className="flex flex-wrap justify-between gap-3 border-t border-slate-200 p-5">
          {newer ? (
            <Link to={`${MESSAGES_PATH}?after=${newer}`} className={pagerLink}>
              Newer messages
            </Link>
          ) : (
            <span />
          )}
          {older ? (
            <Link to={`${MESSAGES_PATH}?before=${older}`} className={pagerLink}>
              Older messages
            </Link>
          ) : null}
        </nav>
      ) : null}
    </TabPanel>
  );
}
