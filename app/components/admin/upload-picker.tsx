import { useId } from "react";
import { RefusalBox } from "~/components/admin/refusal-box";
import { FILE_INPUT_CLASS } from "~/components/admin/upload-progress";
import { UploadQueueList } from "~/components/admin/upload-queue-list";
import { ServerUploadOutcome } from "~/components/admin/server-upload-outcome";
import type { useUploadQueue } from "~/components/admin/use-upload-queue";
import { uploadHint, UPLOAD_ACCEPT, type UploadFormAnswer } from "~/services/uploads/upload-rules";

/**
 * An uploader's file picker (docs/product.md §2): its label and hint, the files chosen
 * with their progress and refusals, and what a post without JavaScript came to.
 */
export function UploadPicker(props: { queue: ReturnType<typeof useUploadQueue>; label: string; most: number; hint?: string; serverAnswer?: UploadFormAnswer }) {
  const { queue } = props;
  const inputId = useId();
  const hintId = useId();
  return (
    <>
      <div>
        <label htmlFor={inputId} className="block font-semibold text-slate-900">
          {props.label}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {props.hint ? `${uploadHint(props.most)} ${props.hint}` : uploadHint(props.most)}
        </p>
        <input
          id={inputId}
          type="file"
          name="file"
          accept={UPLOAD_ACCEPT}
          multiple={props.most > 1}
          required
          disabled={queue.sending}
          onChange={queue.choose}
          aria-describedby={hintId}
          aria-invalid={queue.choiceError ? true : undefined}
          className={`mt-2 ${FILE_INPUT_CLASS}`}
        />
      </div>
      <UploadQueueList files={queue.files} />
      {queue.choiceError ? (
        <RefusalBox>{queue.choiceError}</RefusalBox>
      ) : null}
      {/* A post without JavaScript: gone once other files are chosen here. */}
      {queue.files.length ? null : <ServerUploadOutcome answer={props.serverAnswer} />}
    </>
  );
}
