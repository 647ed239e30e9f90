import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, useActionData, useFetcher, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type ClientActionFunctionArgs } from "react-router";
import { PasskeySignIn } from "~/components/admin/passkey-sign-in";
import { useMemo } from "react";
import {
  LOGIN_LINK_FAILED_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
  loginLinkSentTo,
  loginEmailSchema,
  loginErrorMessage,
} from "~/auth/login-form";
import { requesterOf, requestLoginLink } from "~/auth/request-login-link.server";
import { checkAdmin } from "~/auth/admin-guard.server";
import { ADMIN_LANGUAGE } from "~/components/site-links";
import { SubmitButton } from "~/components/ui/submit-button";
import { log } from "~/config/logger.server";
import { maskedEmail } from "~/config/log-pseudonyms.server";
import { passkeyRequired } from "~/models/passkey-requirement.server";
import { keepRetryAfter, skipRevalidationAfterPosts } from "~/http/route-exports";
import { safeRedirect } from "~/auth/safe-redirect";
import { readForm } from "~/http/form-body.server";
import { LOGIN_FORM } from "~/auth/login-form";
import { errorForLog } from "~/utils/error-for-log";
import { databaseFaultOf } from "~/db/faults";
import { databaseFaultInit, databaseFaultTexts } from "~/http/database-fault-answers.server";
import { DASHBOARD_PATH, GOOGLE_SIGN_IN_PATH, LOGIN_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * /admin/login (docs/product.md §2 and §8): ask for a sign-in link, or go to Google.
 *
 * Without JavaScript the form is a plain POST to this page's action and the answer
 * renders the message. With JavaScript the same form goes through a fetcher, conform
 * checks the address first, and a request that never reaches the app still ends in
 * the failure message instead of the error page.
 */

const FORM_ID = "admin-login-form";

/** Said at the top of the page without JavaScript while 'Require a passkey for staff sign-in' is on. */
const PASSKEY_REQUIRED_WITHOUT_JAVASCRIPT =
  "This site asks staff for a passkey, and a passkey needs JavaScript, which is off in this browser. Turn JavaScript on to sign in: the e-mailed link and Google lead to the passkey step.";

export type LoginActionData =
  /** `sentTo`: the address asked for, masked as the log masks it ("o***@example.com"). */
  | { status: "sent"; message: string; sentTo: string; result: SubmissionResult<string[]> }
  | { status: "invalid" | "rate_limited"; result: SubmissionResult<string[]> }
  // Without a result when the request never reached the action.
  | { status: "failed"; result?: SubmissionResult<string[]> };

/** A return-to path kept only if it is a path on this site other than the default. */
function keptRedirect(value: string | null): string | null {
  const target = safeRedirect(value, DASHBOARD_PATH);
  return target === DASHBOARD_PATH ? null : target;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const check = await checkAdmin(request);
  if (check.admin) throw redirect(DASHBOARD_PATH, { headers: NO_STORE });
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  return data(
    { error: loginErrorMessage(error) ? error : null, redirectTo: keptRedirect(url.searchParams.get("redirectTo")), passkeyRequired: passkeyRequired() },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, LOGIN_FORM);
  const submission = parseWithZod(formData, { schema: loginEmailSchema });
  if (submission.status !== "success") {
    return data<LoginActionData>({ status: "invalid", result: submission.reply() }, { status: 400 });
  }
  try {
    const outcome = await requestLoginLink(
      // The return-to path rides in the page's URL (the form posts back to it).
      { email: submission.value.email, redirectTo: new URL(request.url).searchParams.get("redirectTo") },
      requesterOf(request, context),
    );
    switch (outcome.kind) {
      case "invalid":
        return data<LoginActionData>(
          { status: "invalid", result: submission.reply({ fieldErrors: outcome.fieldErrors }) },
          { status: 400 },
        );
      case "rate_limited":
        return data<LoginActionData>(
          { status: "rate_limited", result: submission.reply({ formErrors: [outcome.message] }) },
          { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
        );
      case "sent":
        return data<LoginActionData>({ status: "sent", message: outcome.message, sentTo: maskedEmail(submission.value.email.trim().toLowerCase()), result: submission.reply({ resetForm: true }) });
    }
  } catch (error) {
    // Returned, not thrown: the page stays and says it failed. A busy or full database
    // says so, with its status (decision 027), whatever the address.
    const fault = databaseFaultOf(error);
    if (fault) {
      log.warn(`sign-in link: database ${fault}, no link issued`);
      return data<LoginActionData>(
        { status: "failed", result: submission.reply({ formErrors: [databaseFaultTexts(fault, ADMIN_LANGUAGE).text] }) },
        databaseFaultInit(fault),
      );
    }
    log.error("sign-in link request failed", { error: errorForLog(error) });
    return data<LoginActionData>({ status: "failed", result: submission.reply() }, { status: 500 });
  }
}

/**
 * A fetcher whose request never reaches the app (network down, a proxy's 502) makes
 * Remix throw, which would replace the page with the error page; "failed" keeps the page.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch {
    return { status: "failed" } satisfies LoginActionData;
  }
}

// Asking for a link changes nothing this page loaded.
export const shouldRevalidate = skipRevalidationAfterPosts;

export const headers = keepRetryAfter;

export const meta: MetaFunction = () => [
  { title: "Admin Login | Lone Star Home Management" },
  { name: "robots", content: "noindex" },
];

const STATUSES: ReadonlySet<string> = new Set(["sent", "invalid", "rate_limited", "failed"]);

/** Anything but the action's own answer (a proxy's error page, say) is a failure. */
function asActionData(value: unknown): LoginActionData | undefined {
  if (value === undefined) return undefined;
  const status = (value as { status?: unknown } | null)?.status;
  return typeof status === "string" && STATUSES.has(status) ? (value as LoginActionData) : { status: "failed" };
}

export default function AdminLogin() {
  const { error, redirectTo, passkeyRequired: passkeyNeeded } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof clientAction>({ key: "admin-login" });
  // Set only by a plain form post (no JavaScript, or a submit before hydration).
  const documentData = useActionData<typeof action>() as LoginActionData | undefined;
  const fetcherData = useMemo(() => asActionData(fetcher.data), [fetcher.data]);
  const data = fetcherData ?? documentData;
  // The link's error belongs to the visit it came with, not to a later request.
  const linkError = data ? null : loginErrorMessage(error);

  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: data?.result,
    constraint: getZodConstraint(loginEmailSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginEmailSchema }),
  });
  const sending = fetcher.state === "submitting";
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const emailError = fields.email.errors?.[0];
  const formError = form.errors?.[0];
  const action = redirectTo ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}` : LOGIN_PATH;

  return (
    <section lang={ADMIN_LANGUAGE} className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Admin Login</h1>
        <p className="mt-2 text-slate-600">Sign in to manage the website.</p>

        {passkeyNeeded ? (
          // Without JavaScript no passkey can be used, and every way in ends at the passkey step.
          <noscript>
            <p className="mt-6 rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950">{PASSKEY_REQUIRED_WITHOUT_JAVASCRIPT}</p>
          </noscript>
        ) : null}
        {linkError ? (
          <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
            <h2 className="font-semibold">{linkError.title}</h2>
            <p className="mt-1 text-sm">{linkError.text}</p>
          </div>
        ) : null}

        {data?.status === "sent" ? (
          <p role="status" className="mt-6 rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-900">
            {`${data.message || LOGIN_LINK_SENT_MESSAGE} ${loginLinkSentTo(data.sentTo)}`}
          </p>
        ) : null}
        {formError ? (
          <p id={form.errorId} role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {formError}
          </p>
        ) : data?.status === "failed" ? (
          <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {LOGIN_LINK_FAILED_MESSAGE}
          </p>
        ) : null}

        <fetcher.Form method="post" action={action} {...getFormProps(form)} className="mt-6 space-y-4">
          <div>
            <label htmlFor={fields.email.id} className="block text-sm font-medium text-slate-800">
              Email
            </label>
            <input
              key={emailKey}
              {...emailProps}
              autoComplete="email webauthn"
              placeholder="you@example.com"
              className="mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-1 aria-[invalid=true]:border-red-700"
            />
            {emailError ? (
              <p id={fields.email.errorId} className="mt-1 text-sm text-red-700">
                {emailError}
              </p>
            ) : null}
          </div>
          <SubmitButton sending={sending} label="Send Login Link" sendingLabel="Sending..." />
        </fetcher.Form>

        <div className="my-6 flex items-center gap-3" role="separator" aria-label="Or">
          <span className="h-px flex-1 bg-slate-200" />
          <span aria-hidden="true" className="text-sm uppercase text-slate-500">
            Or
          </span>
          <span className="h-px flex-1 bg-slate-200" />
        </div>

        {/* A plain link: the browser navigates to Google's consent screen, JavaScript or not. */}
        <a
          href={GOOGLE_SIGN_IN_PATH}
          className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-center font-semibold text-slate-800 sm:px-6 hover:bg-slate-50"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0">
            <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z" />
            <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8h-4v3.1A12 12 0 0 0 12 24Z" />
            <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
            <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8Z" />
          </svg>
          Sign in with Google
        </a>
        <div className="mt-4">
          <PasskeySignIn redirectTo={redirectTo} needsJavaScript={passkeyNeeded ? null : undefined} />
        </div>
      </div>
    </section>
  );
}
