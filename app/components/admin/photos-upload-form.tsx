import { useRef, type FormEvent } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { buttonState } from "~/components/ui/control-styles";
import { uploadPhotoOfHome } from "~/components/admin/upload-client";
import { useUploadQueue } from "~/components/admin/use-upload-queue";
import { UploadPicker } from "~/components/admin/upload-picker";
import { photosUploaded } from "~/models/property-messages";
import { MOST_FILES_AT_ONCE, type UploadFormAnswer } from "~/services/uploads/upload-rules";

/**
 * Property Images' 'Upload photos' (docs/product.md §2): up to MOST_FILES_AT_ONCE image
 * files, each checked (and a phone photo over 10 MB made smaller) as it is chosen, sent as
 * its own upload with its progress, then linked to the home after its other photos, in
 * the order chosen. With JavaScript through the JSON calls, one file after the other;
 * without it the form posts the files to Property Images' action (multipart), which
 * takes each in the same order.
 */
export function PhotosUploadForm(props: { propertyId: number; action: string; serverAnswer?: UploadFormAnswer }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const queue = useUploadQueue(MOST_FILES_AT_ONCE);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void queue.upload((file, onProgress) => uploadPhotoOfHome(file, props.propertyId, onProgress), photosUploaded, () => form.current?.reset());
  };

  const disabled = hydrated && (queue.readyCount === 0 || queue.checking || queue.sending);
  return (
    <form ref={form} method="post" encType="multipart/form-data" action={props.action} onSubmit={submit} className="mt-3 space-y-3">
      <UploadPicker queue={queue} label="Photos" most={MOST_FILES_AT_ONCE} hint="They are linked after the photos above, in the order chosen." serverAnswer={props.serverAnswer} />
      <button
        type="submit"
        disabled={disabled}
        aria-busy={queue.sending || undefined}
        className={`inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 ${buttonState(queue.sending)}`}
      >
        {queue.sending ? "Uploading..." : "Upload photos"}
      </button>
    </form>
  );
}
