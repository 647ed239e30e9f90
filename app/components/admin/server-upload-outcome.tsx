import type { UploadFormAnswer } from "~/services/uploads/upload-rules";
import { RefusalBox } from "~/components/admin/refusal-box";

/**
 * An uploader's post without JavaScript that did not all go through, said in place: the
 * files that went up, then each refused one by name with the reason.
 */
export function ServerUploadOutcome({ answer }: { answer?: UploadFormAnswer }) {
  if (!answer) return null;
  return (
    <div className="space-y-2">
      {answer.uploaded.length ? (
        <p className="break-words rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">{`Uploaded: ${answer.uploaded.join(", ")}.`}</p>
      ) : null}
      {answer.refused.map((refusal) => (
        <RefusalBox key={refusal}>{refusal}</RefusalBox>
      ))}
    </div>
  );
}
