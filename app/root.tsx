import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useNavigate, useRouteError, useRouteLoaderData, data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, type ClientLoaderFunctionArgs, type ShouldRevalidateFunction } from "react-router";
import { useEffect, type ReactNode } from "react";
import { DatabaseFaultPage, ErrorPage, FormRefusedPage, NotFoundPage, isDatabaseFaultAnswer, isFormRefusal } from "~/components/error-pages";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/ui/toast";
import { getDictionaryVersion } from "~/models/texts.server";
import { getLanguage, languageCookieHeader } from "~/i18n/i18n.server";
import { loadTexts } from "~/i18n/texts-store";
import { useDocumentTexts, useT, useTextsVersion } from "~/i18n/use-t";
import { savedHomesOf } from "~/http/saved-homes.server";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGE_STORAGE_KEY, isLanguage } from "~/utils/locale";
import { textsFileHref } from "~/paths";
import { useNonce } from "~/document/nonce";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Lone Star Home Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const headers = new Headers({ Vary: "Accept-Language, Cookie" });
  const setCookie = await languageCookieHeader(request);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // The dictionary is not sent here but named by its version: the page links its file,
  // which the browser keeps (docs/decisions/056). The homes saved without JavaScript: the
  // header's count and the pressed Save toggles (with JavaScript the browser's own list
  // takes over: hooks/use-saved-homes.ts).
  return data({ language, textsVersion: getDictionaryVersion(language), savedHomes: savedHomesOf(request) }, { headers });
}

/**
 * In the browser, after the first page: a new root answer (another language, or texts an
 * admin just edited) is shown only once its dictionary is here, so no text flashes from one
 * language to the other. Not run at hydration (no `hydrate`): entry.client.tsx has loaded
 * the document's dictionary by then.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  await loadTexts(data.language, data.textsVersion);
  return data;
}

// The dictionary only changes with the language (or after an admin edits a text).
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.searchParams.get(LANGUAGE_PARAM) !== nextUrl.searchParams.get(LANGUAGE_PARAM);
};

/** With JavaScript, a language saved in localStorage wins over what the server guessed. */
function useStoredLanguagePreference(language: string) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return;
    }
    const params = new URLSearchParams(location.search);
    if (params.has(LANGUAGE_PARAM)) {
      const chosen = params.get(LANGUAGE_PARAM);
      if (isLanguage(chosen)) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, chosen);
      return;
    }
    if (isLanguage(stored) && stored !== language) {
      params.set(LANGUAGE_PARAM, stored);
      navigate({ search: `?${params}`, hash: location.hash }, { replace: true, preventScrollReset: true });
    }
    // Only on the first render: later choices go through the switcher.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The root data's, or on an error page drawn without it, the document's (entry.server.tsx).
  const { language } = useTextsVersion();
  const texts = useDocumentTexts();
  return (
    <html lang={language} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {texts.version ? (
          // The document's dictionary, fetched by entry.client.tsx before it hydrates;
          // asked for here so it comes with the page (after the stylesheet and the first
          // photo: low). crossOrigin as fetch() asks for it (cors, same-origin
          // credentials), or the browser would fetch it twice. It names the same file
          // after client-side navigations (the root's clientLoader loads theirs).
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={textsFileHref(texts.language, texts.version)}
            data-texts=""
            {...{ fetchpriority: "low" }}
          />
        ) : null}
      </head>
      <body id="top" className="flex min-h-full flex-col">
        <Frame>{children}</Frame>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        {t("site.skip_to_content", "Skip to main content")}
      </a>
      <SiteHeader />
      {/* Focusable from the skip link only (tabindex -1): the next Tab goes on from inside it. */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  useStoredLanguagePreference(data?.language ?? DEFAULT_LANGUAGE);
  // Marks the page interactive (the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isDatabaseFaultAnswer(error)) return <DatabaseFaultPage error={error} />;
  if (isFormRefusal(error)) return <FormRefusedPage data={error.data} />;
  return <ErrorPage />;
}
