import { useLoaderData, useLocation, data, type LoaderFunctionArgs } from "react-router";
import { useEffect, useRef } from "react";
import { mediaForDialog } from "~/http/media-dialog.server";
import { DialogCancelLink, RouteDialog } from "~/components/admin/route-dialog";
import { FIELD_EDGE } from "~/components/ui/control-styles";
import { absoluteMediaUrl } from "~/models/media.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { mediaTabUrl } from "~/models/media-form";
import { NO_STORE } from "~/http/no-store";

/**
 * A media item's absolute URL in a read-only field, to copy by hand: what Copy URL
 * opens without JavaScript (with it, Copy URL copies in place).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await mediaForDialog(request, params);
  return data({ item: { id: item.id, originalName: item.originalName, url: absoluteMediaUrl(item.filePath) } }, { headers: NO_STORE });
}

export default function MediaUrl() {
  const { item } = useLoaderData<typeof loader>();
  const location = useLocation();
  const backTo = mediaTabUrl(new URLSearchParams(location.search));
  const field = useRef<HTMLInputElement>(null);
  // After the dialog has put focus on its Close button: the address, focused and selected, ready to copy.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <RouteDialog
      title="Copy URL"
      backTo={backTo}
      footer={<DialogCancelLink to={backTo} label="Done" />}
    >
      <label htmlFor="media-url" className="block text-sm font-medium text-slate-800">
        URL of <span className="break-all">{item.originalName}</span>
      </label>
      <input
        ref={field}
        id="media-url"
        type="text"
        readOnly
        autoFocus
        value={item.url}
        onFocus={(event) => event.currentTarget.select()}
        className={`mt-1 block h-11 w-full rounded-md ${FIELD_EDGE} bg-slate-50 px-3 font-mono text-sm text-slate-900`}
      />
      <p className="mt-2 text-sm text-slate-600">Select the address and copy it (Ctrl+C, or ⌘C on a Mac).</p>
    </RouteDialog>
  );
}
