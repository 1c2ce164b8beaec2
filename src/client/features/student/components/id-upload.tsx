import { Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { errorDetail } from '@client/lib/api-client';
import { ID_UPLOAD_ACCEPT } from '@shared/id-documents';
import { messages } from '@shared/messages';
import { checkIdFile, useUploadIdDocument } from '../api/upload-id-document';

/** Choose a photo ID: checked in the browser, then uploaded with a progress bar; the server decides. */
export function IdUpload({ email }: { email: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState(0);
  const upload = useUploadIdDocument(email, setPercent);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkIdFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setPercent(0);
    upload.mutate(file, {
      onSuccess: () => toast.success(messages.student.idUploaded),
      onError: (error) => toast.error(errorDetail(error, messages.student.idUploadFailed)),
    });
  };

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Photo ID (driving licence, passport or government ID)
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ID_UPLOAD_ACCEPT}
        onChange={onChange}
        disabled={upload.isPending}
        aria-describedby={`${inputId}-hint`}
        // The visible button opens the picker; the input itself is not a second tab stop.
        tabIndex={-1}
        className="sr-only"
      />
      <Button variant="primary" onClick={() => input.current?.click()} loading={upload.isPending}>
        <Upload className="size-4" aria-hidden /> {upload.isPending ? 'Uploading…' : 'Upload ID Document'}
      </Button>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        JPG, PNG or PDF, up to 10MB.
      </p>
      {upload.isPending && (
        <div className="space-y-1">
          <ProgressBar value={percent} label="Upload progress" />
          <p className="text-sm text-slate-600" aria-live="polite">
            Uploading… {percent}%
          </p>
        </div>
      )}
    </div>
  );
}
