import { ERROR_MESSAGES, IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, sniffImageType } from '@caps/contracts';
import { ChevronLeft, ChevronRight, ImageIcon, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

const ACCEPT = IMAGE_MIME_TYPES.join(',');

const FILE_INPUT_CLASS =
  'max-w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary-hover';

/**
 * Why a picked file cannot be sent, checked before upload with the server's own rules and words: its type,
 * its size, and its first bytes (a text file renamed .jpg has the type image/jpeg in the browser).
 */
export async function imageProblemOf(file: File): Promise<string | null> {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return ERROR_MESSAGES.imageType;
  if (file.size > MAX_IMAGE_BYTES) return ERROR_MESSAGES.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return sniffImageType(head) ? null : ERROR_MESSAGES.imageType;
}

/** An object URL showing a picked file, released when the file changes or the component goes. */
export function usePreviewUrl(file: File | null): string | null {
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
  /** The picture already saved (a URL), shown until a file is picked. */
  current?: string | null;
}

/** An optional image file with a preview and a Remove button. */
export function ImagePicker({ label, name, file, onChange, error, hint, shape, current }: ImagePickerProps) {
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

  const pick = async (picked: File | null) => {
    const found = picked ? await imageProblemOf(picked) : null;
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
        ) : current ? (
          <img src={current} alt={`Current ${label.toLowerCase()}`} className="size-full object-cover" />
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
          onChange={(event) => void pick(event.currentTarget.files?.[0] ?? null)}
          className={FILE_INPUT_CLASS}
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

/** One picture of a list: one the server already has (by its URL) or a file picked in this browser. */
export type PickedImage = { key: string; kind: 'stored'; url: string } | { key: string; kind: 'new'; file: File };

let pickedSequence = 0;

/** Wraps the server's image URLs as picked images, in their order. */
export function storedImages(urls: readonly string[]): PickedImage[] {
  return urls.map((url) => ({ key: `stored-${url}`, kind: 'stored', url }));
}

function newImage(file: File): PickedImage {
  pickedSequence += 1;
  return { key: `new-${pickedSequence}`, kind: 'new', file };
}

function PickedImagePreview({ image, alt }: { image: PickedImage; alt: string }) {
  const previewUrl = usePreviewUrl(image.kind === 'new' ? image.file : null);
  if (image.kind === 'stored') return <ProductImage src={image.url} alt={alt} thumbnail />;
  return previewUrl ? <img src={previewUrl} alt={alt} className="size-full object-cover" /> : null;
}

type MoveButton = 'left' | 'right';

interface ImageListPickerProps {
  label: string;
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** How many pictures the list may hold. */
  max: number;
  /** The message when more than `max` are picked (the server's own words). */
  tooManyMessage: string;
  /** A message from the server about the pictures. */
  error?: string | undefined;
}

/**
 * Several pictures in order, the first being the main one: add (checked here with the server's
 * rules), move left or right, remove. Each picture's buttons name the picture, and focus follows a
 * moved picture so the keyboard user can keep moving it.
 */
export function ImageListPicker({ label, images, onChange, max, tooManyMessage, error }: ImageListPickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRefs = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; button: MoveButton } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  useLayoutEffect(() => {
    if (!focusAfterMove) return;
    const { key, button } = focusAfterMove;
    const wanted = buttonRefs.current.get(`${key}:${button}`);
    const other = buttonRefs.current.get(`${key}:${button === 'left' ? 'right' : 'left'}`);
    // At either end the pressed button is disabled; its neighbour keeps the focus on the same picture.
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const add = async (files: File[]) => {
    if (inputRef.current) inputRef.current.value = '';
    const found = await Promise.all(files.map(imageProblemOf));
    const problems = found.filter((problem): problem is string => problem !== null);
    const acceptable = files.filter((_file, index) => found[index] === null);
    const room = max - images.length;
    if (acceptable.length > room) problems.push(tooManyMessage);
    setProblem(problems[0] ?? null);
    const added = acceptable.slice(0, Math.max(room, 0)).map(newImage);
    if (added.length) onChange([...images, ...added]);
  };

  const move = (index: number, button: MoveButton) => {
    const target = button === 'left' ? index - 1 : index + 1;
    const moved = images[index];
    if (!moved || target < 0 || target >= images.length) return;
    const next = [...images];
    next.splice(index, 1);
    next.splice(target, 0, moved);
    onChange(next);
    setFocusAfterMove({ key: moved.key, button });
  };

  const remove = (index: number) => {
    setProblem(null);
    onChange(images.filter((_, position) => position !== index));
    // The input is next in the tab order once a picture's own buttons are gone.
    inputRef.current?.focus();
  };

  const registerButton = (key: string, button: MoveButton) => (element: HTMLButtonElement | null) => {
    if (element) buttonRefs.current.set(`${key}:${button}`, element);
    else buttonRefs.current.delete(`${key}:${button}`);
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Label htmlFor={id}>{label}</Label>
      {images.length ? (
        <ol aria-label={`${label} in order`} className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-3">
          {images.map((image, index) => {
            const name = `Image ${index + 1}`;
            return (
              <li key={image.key} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-2">
                <div className="relative aspect-square overflow-hidden rounded-md bg-muted">
                  <PickedImagePreview image={image} alt={`${name} of ${images.length}`} />
                  {index === 0 ? (
                    <span className="absolute top-1 left-1 rounded-full bg-foreground/85 px-2 py-0.5 text-xs font-semibold text-background">
                      Main
                    </span>
                  ) : null}
                </div>
                <div className="flex items-center justify-between gap-1">
                  <Button
                    ref={registerButton(image.key, 'left')}
                    variant="outline"
                    size="icon"
                    className="size-8"
                    disabled={index === 0}
                    onClick={() => move(index, 'left')}
                    aria-label={`Move ${name.toLowerCase()} left`}
                  >
                    <ChevronLeft aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:bg-destructive/10"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${name.toLowerCase()}`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                  <Button
                    ref={registerButton(image.key, 'right')}
                    variant="outline"
                    size="icon"
                    className="size-8"
                    disabled={index === images.length - 1}
                    onClick={() => move(index, 'right')}
                    aria-label={`Move ${name.toLowerCase()} right`}
                  >
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple
        accept={ACCEPT}
        aria-invalid={Boolean(shownError)}
        aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => void add(Array.from(event.currentTarget.files ?? []))}
        className={FILE_INPUT_CLASS}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {images.length} of {max} images. JPEG, PNG or WebP, up to 5 MB each; the first one is the main picture.
      </p>
      <FieldError id={errorId} message={shownError ?? undefined} />
    </div>
  );
}
