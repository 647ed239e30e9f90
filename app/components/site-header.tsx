import { useLocation } from "react-router";
import { Fragment, useEffect, useRef, useState } from "react";
import { useFocusCycle } from "~/hooks/use-focus-cycle";
import { useT } from "~/i18n/use-t";
import { dictionaryLink } from "~/utils/link-rules";
import { LanguageSwitcher } from "./language-switcher";
import { SavedHomesLink } from "./saved-homes-link";
import { ALL_HOMES_KEY, isAdminPath, SECTIONS, sectionHref } from "./site-links";
import { Icon } from "~/components/ui/icon";
import { BROWSE_PATH } from "~/paths";

const DRAWER_ID = "mobile-menu";

/** Pay Rent (the tenant portal, new tab) and Apply Now (the listings). */
function HeaderActions(props: {
  payRentUrl: string;
  applyHref: string;
  className: string;
  applyNowClassName?: string;
  onNavigate?: () => void;
}) {
  const { t } = useT();
  return (
    <>
      <a
        href={props.payRentUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={props.onNavigate}
        className={`${props.className} border border-brand-700 text-brand-700 hover:bg-brand-50`}
      >
        {t("header.button.pay_rent", "Pay Rent")}
        <span className="sr-only">{` ${t("footer.new_tab", "(opens in a new tab)")}`}</span>
      </a>
      <a
        href={props.applyHref}
        onClick={props.onNavigate}
        className={`${props.className} ${props.applyNowClassName ?? ""} bg-accent-500 text-slate-900 hover:bg-accent-400`}
      >
        {t("header.button.apply_now", "Apply Now")}
      </a>
    </>
  );
}

/**
 * The sticky header. Below md the links move into a drawer that opens through the
 * #mobile-menu fragment (CSS :target) without JavaScript, and through state with it.
 */
export function SiteHeader() {
  const { t } = useT();
  const { pathname } = useLocation();
  const onHomePage = pathname === "/";
  const inAdmin = isAdminPath(pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const closeButton = useRef<HTMLAnchorElement>(null);
  const openButton = useRef<HTMLAnchorElement>(null);
  const drawerPanel = useRef<HTMLDivElement>(null);
  useFocusCycle(drawerPanel, drawerOpen);

  useEffect(() => {
    setHydrated(true);
    // A visitor who opened the menu before the scripts arrived keeps it open: the state
    // takes over from the #mobile-menu fragment instead of closing the drawer under them.
    if (window.location.hash === `#${DRAWER_ID}`) setDrawerOpen(true);
  }, []);
  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setDrawerOpen(false);
        openButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const payRentUrl = dictionaryLink(t, "links.pay_rent_url");
  const applyHref = sectionHref("properties", onHomePage);
  const homeHref = onHomePage ? "#top" : "/";
  const closeDrawer = () => {
    setDrawerOpen(false);
    // Drop a fragment left by opening the menu before hydration, so a reload shows it closed.
    if (window.location.hash === `#${DRAWER_ID}`) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
  };

  const drawerVisibility = hydrated ? (drawerOpen ? "flex" : "hidden") : "hidden target:flex";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200">
      {/* The frosted background is a layer of its own: a backdrop-filter on the header
          itself would make it the containing block of the fixed drawer below, shrinking
          the open menu to the header's 64 px. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-white/95 backdrop-blur" />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <a href={homeHref} className="flex shrink-0 items-center gap-2 rounded-md">
          <img src="/logo.svg" alt={t("header.logo_alt", "Lone Star Home Management logo")} width={40} height={40} className="h-10 w-10" />
          {/* Two short lines at most, and only where the row has room for it beside the
              nav (with "See all homes" from xl) and the buttons (Spanish labels are about a
              third longer). */}
          <span className="hidden max-w-[9.5rem] text-base font-bold leading-tight text-brand-900 2xl:block">
            {t("site.name", "Lone Star Home Management")}
          </span>
        </a>

        <nav aria-label={t("header.nav.label", "Main navigation")} className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1 lg:gap-2">
            {SECTIONS.map((section) => (
              <Fragment key={section.id}>
                <li>
                  <a href={sectionHref(section.id, onHomePage)} className="nav-link">
                    {"shortKey" in section ? (
                      <>
                        <span className="lg:hidden">{t(section.shortKey, section.shortFallback)}</span>
                        <span className="hidden lg:inline">{t(section.navKey, section.navFallback)}</span>
                      </>
                    ) : (
                      t(section.navKey, section.navFallback)
                    )}
                  </a>
                </li>
                {/* Every home, beside the home page's few, where the row has room for it. */}
                {section.id === "properties" ? (
                  <li className="hidden xl:block">
                    <a href={BROWSE_PATH} className="nav-link">
                      {t(ALL_HOMES_KEY, "See all homes")}
                    </a>
                  </li>
                ) : null}
              </Fragment>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-2">
          <HeaderActions
            payRentUrl={payRentUrl}
            applyHref={applyHref}
            className="hidden h-10 items-center whitespace-nowrap rounded-md px-3 text-sm font-semibold sm:inline-flex"
            // Between md and lg the row also holds the nav, whose Homes link goes where
            // Apply Now does: the button gives way there so Spanish labels fit.
            applyNowClassName="md:hidden lg:inline-flex"
          />
          {inAdmin ? null : <SavedHomesLink />}
          {inAdmin ? null : <LanguageSwitcher />}
          <a
            ref={openButton}
            href={`#${DRAWER_ID}`}
            role="button"
            aria-controls={DRAWER_ID}
            aria-expanded={drawerOpen}
            onClick={(event) => {
              event.preventDefault();
              setDrawerOpen(true);
            }}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Icon name="menu" className="h-6 w-6" />
            <span className="sr-only">{t("header.menu.open", "Open menu")}</span>
          </a>
        </div>
      </div>

      {/* Without JavaScript, the open menu hides the page behind it (tailwind.css). */}
      <div id={DRAWER_ID} data-modal-without-script={hydrated ? undefined : ""} className={`${drawerVisibility} fixed inset-0 z-50 md:hidden`}>
        <a
          href="#menu-closed"
          tabIndex={-1}
          aria-hidden="true"
          onClick={(event) => {
            event.preventDefault();
            closeDrawer();
          }}
          className="absolute inset-0 bg-slate-900/50"
        />
        <div
          ref={drawerPanel}
          role="dialog"
          aria-modal={drawerOpen ? true : undefined}
          aria-label={t("header.nav.label", "Main navigation")}
          className="relative ml-auto flex h-full w-72 max-w-[85%] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="mb-2 flex items-center justify-between">
            <span className="font-bold text-brand-900">{t("site.name", "Lone Star Home Management")}</span>
            <a
              ref={closeButton}
              href="#menu-closed"
              role="button"
              onClick={(event) => {
                event.preventDefault();
                closeDrawer();
                openButton.current?.focus();
              }}
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <Icon name="close" className="h-6 w-6" />
              <span className="sr-only">{t("header.menu.close", "Close menu")}</span>
            </a>
          </div>
          <nav aria-label={t("header.nav.label", "Main navigation")}>
            <ul className="flex flex-col gap-1">
              {SECTIONS.map((section) => (
                <Fragment key={section.id}>
                  <li>
                    <a
                      href={sectionHref(section.id, onHomePage)}
                      onClick={closeDrawer}
                      className="menu-link"
                    >
                      {t(section.navKey, section.navFallback)}
                    </a>
                  </li>
                  {/* Every home, with search and filters, beside the home page's few. */}
                  {section.id === "properties" ? (
                    <li>
                      <a href={BROWSE_PATH} className="menu-link">
                        {t(ALL_HOMES_KEY, "See all homes")}
                      </a>
                    </li>
                  ) : null}
                </Fragment>
              ))}
            </ul>
          </nav>
          {inAdmin ? null : <SavedHomesLink inMenu onNavigate={closeDrawer} />}
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
            <HeaderActions
              payRentUrl={payRentUrl}
              applyHref={applyHref}
              onNavigate={closeDrawer}
              className="inline-flex h-11 items-center justify-center rounded-md px-3 font-semibold"
            />
          </div>
        </div>
      </div>
    </header>
  );
}
