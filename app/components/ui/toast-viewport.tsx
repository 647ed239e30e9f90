import * as ToastPrimitive from "@radix-ui/react-toast";
import { useLocation } from "react-router";
import { ADMIN_LANGUAGE, isAdminPath } from "~/components/site-links";
import { useT } from "~/i18n/use-t";
import { dismissToast, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, useToast, type ToastVariant } from "./toast";
import { Icon } from "~/components/ui/icon";

// Loaded on the first toast (see Toaster in toast.tsx), so the first page load skips it.

const variantClasses: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-700 text-white",
};

const closeClasses: Record<ToastVariant, string> = {
  default: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  destructive: "text-white hover:bg-red-800",
};

export default function ToastViewport() {
  const { t } = useT();
  const { toasts } = useToast();
  // The back office's toasts are in English, as its pages are.
  const lang = isAdminPath(useLocation().pathname) ? ADMIN_LANGUAGE : undefined;
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t("toast.label", "Notification")}
    >
      {toasts.map(({ id, open, title, description, variant = "default" }) => (
        <ToastPrimitive.Root
          key={id}
          lang={lang}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          // Errors interrupt a screen reader; confirmations wait their turn.
          type={variant === "destructive" ? "foreground" : "background"}
          className={`pointer-events-auto relative flex w-full items-start justify-between gap-4 rounded-md border p-4 pr-10 shadow-lg data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none ${variantClasses[variant]}`}
        >
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description className="text-sm">{description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t("toast.close", "Dismiss notification")}
            className={`absolute right-2 top-2 inline-flex h-7 w-7 items-center justify-center rounded-md ${closeClasses[variant]}`}
          >
            <Icon name="close" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label={`${t("toast.region", "Notifications")} ({hotkey})`}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
