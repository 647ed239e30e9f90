import { useLocation } from "react-router";
import { Fragment } from "react";
import { useT } from "~/i18n/use-t";
import { dictionaryLink } from "~/utils/link-rules";
import { ALL_HOMES_KEY, SECTIONS, sectionHref } from "./site-links";
import { BROWSE_PATH, DASHBOARD_PATH, RENTAL_CRITERIA_PATH } from "~/paths";
import { Icon } from "~/components/ui/icon";

const linkClass = "footer-link";

function SocialLink({ href, label, icon }: { href: string; label: string; icon: "facebook" | "linkedin" }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
        <Icon name={icon} look="solid" className="h-5 w-5" />
      </a>
    </li>
  );
}

export function SiteFooter() {
  const { t } = useT();
  const { pathname } = useLocation();
  const onHomePage = pathname === "/";
  const newTab = <span className="sr-only">{` ${t("footer.new_tab", "(opens in a new tab)")}`}</span>;

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
            <SocialLink href={dictionaryLink(t, "links.facebook_url")} label={t("footer.social.facebook", "Visit us on Facebook")} icon="facebook" />
            <SocialLink href={dictionaryLink(t, "links.linkedin_url")} label={t("footer.social.linkedin", "Connect with us on LinkedIn")} icon="linkedin" />
          </ul>
        </div>

        <nav aria-label={t("footer.quick_links", "Quick Links")}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t("footer.quick_links", "Quick Links")}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {SECTIONS.map((section) => (
              <Fragment key={section.id}>
                <li>
                  <a href={sectionHref(section.id, onHomePage)} className={linkClass}>
                    {t(section.footerKey, section.navFallback)}
                  </a>
                </li>
                {section.id === "properties" ? (
                  <li>
                    <a href={BROWSE_PATH} className={linkClass}>
                      {t(ALL_HOMES_KEY, "See all homes")}
                    </a>
                  </li>
                ) : null}
              </Fragment>
            ))}
            <li>
              <a href={RENTAL_CRITERIA_PATH} className={linkClass}>
                {t("footer.nav.rental_criteria", "Rental criteria")}
              </a>
            </li>
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
