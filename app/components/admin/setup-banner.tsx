import { Link } from "react-router";
import type { ContactMailSetup } from "~/models/contact-email-form";
import { SETTINGS_PATH } from "~/paths";

/**
 * Above every dashboard tab until a contact e-mail is set, so nobody misses that contact
 * messages are going to the mail server's sender address (MAIL_FROM). When that address
 * is one nobody reads, the banner says so plainly; when it is a real mailbox, it says
 * where messages go. The messages themselves are always kept on the Messages tab.
 */
export function SetupBanner({ setup }: { setup: ContactMailSetup }) {
  if (setup.configured) return null;
  const recipient = <span className="break-all font-semibold">{setup.recipient}</span>;
  return (
    <section
      aria-labelledby="setup-banner-title"
      className={`mt-4 rounded-md border px-4 py-3 text-sm ${setup.read ? "border-sky-200 bg-sky-50 text-sky-950" : "border-amber-300 bg-amber-50 text-amber-950"}`}
    >
      <h2 id="setup-banner-title" className="font-semibold">
        {setup.read ? "No contact e-mail is set" : "Contact form messages are not reaching anyone"}
      </h2>
      <p className="mt-1">
        {setup.read ? (
          <>Contact form messages are mailed to the mail server&apos;s sender address, {recipient}. </>
        ) : (
          <>No contact e-mail is set, so contact form messages are mailed to {recipient}, which nobody reads. They are kept on the Messages tab. </>
        )}
        <Link to={SETTINGS_PATH} className="inline-flex min-h-6 items-center font-semibold underline">
          Set the contact e-mail in Settings
        </Link>
      </p>
    </section>
  );
}
