import { redirect, Form, useLoaderData, useNavigation, data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { ADMIN_LANGUAGE } from "~/components/site-links";
import { authorizationFailure, refusedAddress } from "~/auth/errors.server";
import { signInWithMagicLink, type MagicLinkFailure } from "~/auth/magic-link.server";
import { magicLinkReason, signInFailed, signInSucceeded } from "~/auth/sign-in-events.server";
import { TOKEN_FIELD } from "~/auth/magic-link-form";
import { inspectLoginToken } from "~/models/magic-tokens.server";
import { startAdminSession } from "~/auth/admin-guard.server";
import { clientIpOf } from "~/utils/client-network.server";
import { log } from "~/config/logger.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { SubmitButton } from "~/components/ui/submit-button";
import { errorForLog } from "~/utils/error-for-log";
import { readForm } from "~/http/form-body.server";
import { formBytesFor, type FormShape } from "~/utils/form-shape";
import { DASHBOARD_PATH, LOGIN_PATH, MAGIC_LINK_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * /admin/auth/magic?token=...: the page a sign-in link opens.
 *
 * GET changes nothing: mail scanners and link previews fetch links, and must not use
 * them up. It checks the token and shows one form; its POST (a person pressing
 * Continue) uses the token and signs in. Both work without JavaScript.
 */

const REDIRECT_FIELD = "redirectTo";
/** The Continue form: the token and the return-to path, both from the link (a path is at most 2,048 characters here). */
const MAGIC_LINK_FORM: FormShape = { fields: [TOKEN_FIELD, REDIRECT_FIELD], maxBytes: formBytesFor(2048 + 128) };

const KNOWN_FAILURES: ReadonlySet<string> = new Set<MagicLinkFailure>([
  "unauthorized",
  "token_already_used",
  "expired_token",
  "unknown",
]);

function toLogin(error: string) {
  return redirect(`${LOGIN_PATH}?error=${error}`, { headers: NO_STORE });
}

/** A return-to path kept only if it is a path on this site other than the default. */
function keptRedirect(value: FormDataEntryValue | string | null | undefined): string | null {
  const target = safeRedirect(value, DASHBOARD_PATH);
  return target === DASHBOARD_PATH ? null : target;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get(TOKEN_FIELD) ?? "";
  const { state, email } = inspectLoginToken(token);
  if (state !== "valid") {
    // Refused already here: the link leads to the login page's message, not to the form.
    signInFailed("magic_link", magicLinkReason(state), { email, clientIp: clientIpOf(context) });
    return toLogin(state);
  }
  return data(
    { token, redirectTo: keptRedirect(url.searchParams.get(REDIRECT_FIELD)) },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, MAGIC_LINK_FORM);
  const clientIp = clientIpOf(context);
  try {
    // The sign-in reads the token from the declared fields, nothing else.
    const admin = signInWithMagicLink(form, { clientIp, userAgent: request.headers.get("user-agent") });
    const signedIn = await startAdminSession(request, admin, { method: "email", clientIp, redirectTo: keptRedirect(form.get(REDIRECT_FIELD)) });
    signInSucceeded("magic_link", { email: admin.email, clientIp });
    return signedIn;
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = authorizationFailure(error);
    if (failure !== null && KNOWN_FAILURES.has(failure)) {
      signInFailed("magic_link", magicLinkReason(failure), { email: refusedAddress(error), clientIp });
      return toLogin(failure);
    }
    log.error("magic-link sign-in failed", { error: errorForLog(error) });
    signInFailed("magic_link", "server_error", { clientIp });
    return toLogin("server_error");
  }
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction = () => [
  { title: "Sign In | Lone Star Home Management" },
  { name: "robots", content: "noindex" },
  // No "no-referrer" here, though the token is in the URL: under it the browser sends
  // "Origin: null" with the form, which the cross-site check refuses. The site-wide
  // strict-origin-when-cross-origin already keeps the path from other sites.
];

export default function MagicLinkConfirm() {
  const { token, redirectTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const signingIn = navigation.state !== "idle" && navigation.formAction === MAGIC_LINK_PATH;
  return (
    <section lang={ADMIN_LANGUAGE} className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <div className="rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-900">Finish signing in</h1>
        <p className="mt-3 text-slate-700">
          Press Continue to sign in to the admin dashboard. This login link works only once.
        </p>
        <Form method="post" action={MAGIC_LINK_PATH} className="mt-6">
          <input type="hidden" name={TOKEN_FIELD} value={token} />
          {redirectTo ? <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} /> : null}
          <SubmitButton sending={signingIn} label="Continue" sendingLabel="Signing in..." />
        </Form>
      </div>
    </section>
  );
}
