import type { ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { dictionaryLink } from "~/utils/link-rules";
import { SECTIONS, sectionHref } from "./site-links";
import { DASHBOARD_PATH } from "~/paths";

const linkClass = "rounded-sm text-slate-300 hover:text-white";

function SocialLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          {children}
        </svg>
      </a>
    </li>
  );
}

export function SiteFooter() {
  const { t } = useT();
  const { pathname } = useLocation();
  const onHomePage = pathname === "/";
  const newTab = <span className="sr-only"> {t("footer.new_tab", "(opens in a new tab)")}</span>;

  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-3">
            <img src="/logo.svg" alt={t("footer.logo_alt", "Lone Star Home Management logo")} width={40} height={40} className="h-10 w-10" loading="lazy" />
            <span className="text-lg font-bold text-white">{t("site.name", "Lone Star Home Management")}</span>
          </div>
          <p className="mt-4 max-w-md text-sm leading-6 text-slate-300">{t("footer.description")}</p>
          <p className="mt-6 text-sm font-semibold text-white">{t("footer.follow_us", "Follow Us")}</p>
          <ul className="mt-2 flex gap-3">
            <SocialLink href={dictionaryLink(t, "links.facebook_url")} label={t("footer.social.facebook", "Visit us on Facebook")}>
              <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z" />
            </SocialLink>
            <SocialLink href={dictionaryLink(t, "links.linkedin_url")} label={t("footer.social.linkedin", "Connect with us on LinkedIn")}>
              <path d="M4 9h4v11H4zM6 3.5a2.25 2.25 0 1 1 0 4.5 2.25 2.25 0 0 1 0-4.5ZM10 9h3.8v1.6h.1c.5-1 1.8-1.9 3.6-1.9 3.9 0 4.5 2.5 4.5 5.8V20h-4v-4.8c0-1.2 0-2.7-1.7-2.7s-2 1.3-2 2.6V20h-4z" />
            </SocialLink>
          </ul>
        </div>

        <nav aria-label={t("footer.quick_links", "Quick Links")}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t("footer.quick_links", "Quick Links")}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={sectionHref(section.id, onHomePage)} className={linkClass}>
                  {t(section.footerKey, section.navFallback)}
                </a>
              </li>
            ))}
            <li>
              <a href={dictionaryLink(t, "links.pay_rent_url")} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t("footer.nav.tenant_portal", "Tenant Portal (Pay Rent)")}
                {newTab}
              </a>
            </li>
            <li>
              <a href={DASHBOARD_PATH} target="_blank" rel="noopener" className={linkClass}>
                {t("footer.nav.admin", "Content Admin")}
                {newTab}
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t("footer.contact_info", "Contact Info")}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic text-slate-300">
            <p>{t("contact.address")}</p>
            <p>
              <a href={`tel:${t("contact.phone_href")}`} className={linkClass}>
                {t("contact.phone")}
              </a>
            </p>
            <p>
              {/* A long address may break anywhere rather than push the page sideways. */}
              <a href={`mailto:${t("contact.email")}`} className={`${linkClass} break-all`}>
                {t("contact.email")}
              </a>
            </p>
            <p>{t("contact.hours")}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          {t("footer.copyright", "© {{year}} Lone Star Home Management. All rights reserved.", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
