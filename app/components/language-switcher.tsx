import { Form, useLocation, useNavigation } from "react-router";
import { Tooltip } from "~/components/ui/tooltip";
import { useT } from "~/i18n/use-t";
import { LANGUAGE_PARAM, LANGUAGE_STORAGE_KEY, otherLanguage } from "~/utils/locale";
import { safeRedirect } from "~/auth/safe-redirect";
import { Icon } from "~/components/ui/icon";

/**
 * A GET form whose button sends ?lng=<other>: the server sets the lng cookie, so it
 * works without JavaScript. With JavaScript the choice is also kept in localStorage.
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, language } = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const next = otherLanguage(language);
  const keptParams = [...new URLSearchParams(location.search)].filter(([name]) => name !== LANGUAGE_PARAM);
  const switching =
    navigation.state !== "idle" && new URLSearchParams(navigation.location?.search).has(LANGUAGE_PARAM);
  const tooltip = t("header.language.tooltip", language === "en" ? "Switch to Spanish" : "Cambiar a Inglés");

  return (
    <Form
      method="get"
      // The page's own path, but never one a browser reads as another site ("//evil.test"
      // reaches the not-found page as it is): such a path switches on the home page.
      action={safeRedirect(location.pathname, "/")}
      preventScrollReset
      aria-label={t("header.language.label", "Language")}
      className={className}
      onSubmit={() => {
        try {
          window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // storage may be disabled; the cookie still carries the choice
        }
      }}
    >
      {keptParams.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <Tooltip content={tooltip}>
        <button
          type="submit"
          name={LANGUAGE_PARAM}
          value={next}
          // While it switches it says so by its grey ground and the wait cursor, its text
          // kept at full contrast (not faded).
          disabled={switching}
          className="inline-flex h-10 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-wait disabled:bg-slate-100"
        >
          <Icon name="globe" className="h-4 w-4" />
          {/* The name starts with the visible code ("ES, Switch to Spanish"): speech input
              users say what they see. */}
          <span>{next.toUpperCase()}</span>
          <span className="sr-only">{`, ${tooltip}`}</span>
        </button>
      </Tooltip>
    </Form>
  );
}
