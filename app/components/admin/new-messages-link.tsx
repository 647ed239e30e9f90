import { Link } from "react-router";
import { messageFilterSearch, NO_MESSAGE_FILTERS } from "~/models/message-form";
import { MESSAGES_PATH } from "~/paths";

const NEW_MESSAGES_URL = `${MESSAGES_PATH}${messageFilterSearch({ ...NO_MESSAGE_FILTERS, status: "new" })}`;

/** "3 new messages", leading to the Messages tab's list of them; "No new messages" when there are none. */
export function NewMessagesLink({ count, className = "" }: { count: number; className?: string }) {
  if (count === 0) return <p className={`text-sm text-slate-600 ${className}`}>No new messages</p>;
  return (
    <Link to={NEW_MESSAGES_URL} className={`inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 underline ${className}`}>
      {count === 1 ? "1 new message" : `${count.toLocaleString("en-US")} new messages`}
    </Link>
  );
}
