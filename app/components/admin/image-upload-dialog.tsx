import { useNavigate } from "react-router";
import type { FormEvent, ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { uploadImage, type RecordTarget } from "~/components/admin/upload-client";
import { imagesUploaded, type UploadFormAnswer } from "~/services/uploads/upload-rules";
import { useUploadQueue } from "~/components/admin/use-upload-queue";
import { UploadPicker } from "~/components/admin/upload-picker";

/**
 * The Media tab's upload and re-upload dialogs (docs/product.md §2, the uploader): image
 * files (JPEG, PNG, GIF or WebP; up to MOST_FILES_AT_ONCE for an upload, one for a
 * re-upload), each with its progress bar while it goes up; a file of another type, or
 * over 10 MB and not a photo the browser can make smaller, is refused with its name and
 * the others go on. With JavaScript each file goes through docs/product.md §7's JSON
 * flow straight to storage, one after the other; without it the same form posts the
 * files to the route's action (multipart), which streams each into the same quarantine.
 */

const FORM_ID = "image-upload";

export function ImageUploadDialog(props: {
  title: string;
  intro?: ReactNode;
  backTo: string;
  /** Where the form posts without JavaScript (the route itself, with the tab's search). */
  action: string;
  target: RecordTarget;
  /** How many files it takes at once: 1 for a re-upload. */
  most: number;
  /** What it says once one file is up (the count's text for several). */
  successMessage: string;
  /** What became of a post without JavaScript that did not all go through. */
  serverAnswer?: UploadFormAnswer;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const queue = useUploadQueue(props.most);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const success = (count: number) => (count === 1 ? props.successMessage : imagesUploaded(count));
    void queue.upload((file, onProgress) => uploadImage(file, props.target, onProgress), success, () => navigate(props.backTo, { preventScrollReset: true }));
  };

  return (
    <RouteDialog
      title={props.title}
      backTo={props.backTo}
      footer={
        <>
          <DialogCancelLink to={props.backTo} />
          <DialogSubmitButton form={FORM_ID} pending={queue.sending} disabled={hydrated && (queue.readyCount === 0 || queue.checking)} label="Upload" pendingLabel="Uploading..." />
        </>
      }
    >
      {/* A plain form: without JavaScript the browser posts the files as multipart. */}
      <form id={FORM_ID} method="post" encType="multipart/form-data" action={props.action} onSubmit={submit} className="space-y-4">
        {props.intro}
        <UploadPicker queue={queue} label={props.most > 1 ? "Images" : "Image"} most={props.most} serverAnswer={props.serverAnswer} />
      </form>
    </RouteDialog>
  );
}
