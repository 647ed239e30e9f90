import { useNavigate, useRevalidator } from "react-router";
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { FILE_INPUT_CLASS, UploadProgress } from "~/components/admin/upload-progress";
import { toast } from "~/components/ui/toast";
import { uploadImage, type RecordTarget } from "~/components/admin/upload-client";
import { refusalNaming, UPLOAD_ACCEPT } from "~/services/uploads/upload-rules";
import { prepareUpload, shrunkNote } from "~/components/admin/shrink-image";
import { useLatestChoice } from "~/hooks/use-latest-choice";
import { LOGIN_PATH } from "~/paths";

/**
 * The Media tab's upload and re-upload dialogs (docs/product.md §2, the uploader): one image file
 * (JPEG, PNG, GIF or WebP), a progress bar while it goes up; a file of another type, or
 * over 10 MB and not a photo the browser can make smaller, is refused with its name. With JavaScript the file goes through docs/product.md §7's
 * JSON flow straight to storage; without it the same form posts the file to the
 * route's action (multipart), which streams it into the same quarantine.
 */

type Status = { kind: "idle" } | { kind: "uploading"; progress: number } | { kind: "failed"; error: string };

const FORM_ID = "image-upload";

export function ImageUploadDialog(props: {
  title: string;
  intro?: ReactNode;
  backTo: string;
  /** Where the form posts without JavaScript (the route itself, with the tab's search). */
  action: string;
  target: RecordTarget;
  successMessage: string;
  /** The reason a post without JavaScript was refused. */
  serverError?: string;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const inputId = useId();
  const hintId = useId();
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const [note, setNote] = useState<string | null>(null);
  const beginChoice = useLatestChoice();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const stillChosen = beginChoice();
    const input = event.currentTarget;
    const chosen = input.files?.[0] ?? null;
    setStatus({ kind: "idle" });
    setNote(null);
    if (!chosen) return setFile(null);
    // A photo over 10 MB is made smaller here; what cannot be sent is dropped (docs/product.md §2).
    const prepared = await prepareUpload(chosen);
    // Another file was chosen meanwhile: it is the one that counts.
    if (!stillChosen()) return;
    if (prepared.kind === "refused") {
      input.value = "";
      setFile(null);
      return setStatus({ kind: "failed", error: prepared.message });
    }
    setFile(prepared.file);
    if (prepared.shrunk) setNote(shrunkNote(prepared.shrunk, prepared.file));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || status.kind === "uploading") return;
    setStatus({ kind: "uploading", progress: 0 });
    const result = await uploadImage(file, props.target, (fraction) => setStatus({ kind: "uploading", progress: Math.round(fraction * 100) }));
    if (!result.ok && result.sessionEnded) {
      // As a page action would: to the login page, which says why and comes back here.
      const back = `${window.location.pathname}${window.location.search}`;
      return window.location.assign(`${LOGIN_PATH}?error=session_expired&redirectTo=${encodeURIComponent(back)}`);
    }
    if (!result.ok) return setStatus({ kind: "failed", error: refusalNaming(file.name, result.error) });
    toast({ title: "Success", description: props.successMessage });
    navigate(props.backTo, { preventScrollReset: true });
    revalidator.revalidate();
  };

  const uploading = status.kind === "uploading";
  const error = status.kind === "failed" ? status.error : !hydrated || !file ? props.serverError : undefined;
  return (
    <RouteDialog
      title={props.title}
      backTo={props.backTo}
      footer={
        <>
          <DialogCancelLink to={props.backTo} />
          <DialogSubmitButton form={FORM_ID} pending={uploading} disabled={hydrated && !file} label="Upload" pendingLabel="Uploading..." />
        </>
      }
    >
      {/* A plain form: without JavaScript the browser posts the file as multipart. */}
      <form id={FORM_ID} method="post" encType="multipart/form-data" action={props.action} onSubmit={submit} className="space-y-4">
        {props.intro}
        <div>
          <label htmlFor={inputId} className="block font-semibold text-slate-900">
            Image
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            JPEG, PNG, GIF or WebP, up to 10 MB; one file per upload.
          </p>
          <input
            id={inputId}
            type="file"
            name="file"
            accept={UPLOAD_ACCEPT}
            required
            disabled={uploading}
            onChange={choose}
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
            className={`mt-2 ${FILE_INPUT_CLASS}`}
          />
        </div>
        {file ? (
          <ul aria-label="Selected file" className="rounded-md border border-slate-200 p-3">
            <li className="space-y-2">
              <UploadProgress name={file.name} size={file.size} value={uploading ? status.progress : 0} />
              {note ? <p className="text-sm text-slate-700">{note}</p> : null}
              <p className="text-sm text-slate-600" aria-live="polite">
                {uploading ? (status.progress < 100 ? `Uploading... ${status.progress}%` : "Checking the image...") : "Ready to upload"}
              </p>
            </li>
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </form>
    </RouteDialog>
  );
}
