import { E, IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@caps/contracts';
import { ImageIcon, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

const ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Why a picked file cannot be sent, checked before upload with the server's own rules and words. */
export function imageProblemOf(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return E.imageType;
  if (file.size > MAX_IMAGE_BYTES) return E.imageTooLarge;
  return null;
}

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface ImagePickerProps {
  label: string;
  /** The multipart field name; also the input's name. */
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  hint?: string;
  /** Shape of the preview: a square avatar or a wide banner. */
  shape: 'square' | 'wide';
}

/** An optional image file with a preview and a Remove button. */
export function ImagePicker({ label, name, file, onChange, error, hint, shape }: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = usePreviewUrl(file);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const clearInput = () => {
    // Otherwise choosing the same file again would not fire a change.
    if (inputRef.current) inputRef.current.value = '';
  };

  const pick = (picked: File | null) => {
    const found = picked ? imageProblemOf(picked) : null;
    setProblem(found);
    if (found) clearInput();
    onChange(found ? null : picked);
  };

  const remove = () => {
    clearInput();
    setProblem(null);
    onChange(null);
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div
        className={cn(
          'flex items-center justify-center overflow-hidden rounded-lg border border-dashed border-input bg-muted',
          shape === 'square' ? 'size-28' : 'aspect-[3/1] w-full',
        )}
      >
        {previewUrl ? (
          <img src={previewUrl} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={ACCEPT}
          aria-invalid={Boolean(shownError)}
          aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => pick(event.currentTarget.files?.[0] ?? null)}
          className="max-w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary-hover"
        />
        {file ? (
          <Button variant="outline" size="sm" onClick={remove} aria-label={`Remove ${label.toLowerCase()}`}>
            <X aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint ?? 'Optional. JPEG, PNG or WebP, up to 5 MB.'}
      </p>
      <FieldError id={errorId} message={shownError ?? undefined} />
    </div>
  );
}
