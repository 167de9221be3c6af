import { REPORT_REASONS, type ReportReason, VALIDATION_MESSAGES } from '@caps/contracts';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useReportVendor } from './use-report-vendor';

interface ReportErrors {
  reason?: string;
  description?: string;
}

/** Report Vendor: a reason (spec 5) and the details, both required; the dialog keeps them until sent. */
export function ReportVendorDialog({
  vendorId,
  shopName,
  defaultOpen = false,
}: {
  vendorId: number;
  shopName: string;
  /** Open at once: the shop page loads this dialog when its Report Vendor button is first pressed. */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<ReportErrors>({});
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const { submitReport, isPending } = useReportVendor();
  const id = useId();
  const reasonErrorId = `${id}-reason-error`;
  const descriptionId = `${id}-description`;
  const descriptionErrorId = `${id}-description-error`;

  const reset = () => {
    setReason(null);
    setDescription('');
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: ReportErrors = {};
    if (!reason) found.reason = VALIDATION_MESSAGES.required;
    if (!description.trim()) found.description = VALIDATION_MESSAGES.required;
    setErrors(found);
    if (found.reason) {
      firstReasonRef.current?.focus();
      return;
    }
    if (found.description || !reason) {
      descriptionRef.current?.focus();
      return;
    }
    const outcome = await submitReport({ vendorId, reason, description: description.trim() });
    if (outcome === true) {
      reset();
      setOpen(false);
      return;
    }
    setErrors(outcome.fieldErrors);
    if (outcome.fieldErrors.description) descriptionRef.current?.focus();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Flag aria-hidden="true" />
          Report Vendor
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report Vendor</DialogTitle>
          <DialogDescription>Tell us what went wrong with {shopName}. Our team reviews every report.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Report vendor" className="flex flex-col gap-5">
          <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
            <legend className="mb-2 text-sm font-medium">Reason for report</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((option, index) => (
                <label
                  key={option}
                  className={cn(
                    'flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                    errors.reason ? 'border-destructive' : 'border-border',
                  )}
                >
                  <input
                    ref={index === 0 ? firstReasonRef : undefined}
                    type="radio"
                    name={`${id}-reason`}
                    value={option}
                    checked={reason === option}
                    onChange={() => {
                      setReason(option);
                      setErrors((current) => ({ ...current, reason: undefined }));
                    }}
                    aria-invalid={errors.reason ? true : undefined}
                    className="size-4 accent-primary focus-visible:outline-none"
                  />
                  {option}
                </label>
              ))}
            </div>
            <div className="mt-2">
              <FieldError id={reasonErrorId} message={errors.reason} />
            </div>
          </fieldset>

          <div className="flex flex-col gap-2">
            <Label htmlFor={descriptionId}>Details</Label>
            <Textarea
              ref={descriptionRef}
              id={descriptionId}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                if (event.target.value.trim()) setErrors((current) => ({ ...current, description: undefined }));
              }}
              placeholder="Describe what happened: the order, the cap, and what went wrong."
              aria-invalid={Boolean(errors.description)}
              aria-describedby={errors.description ? descriptionErrorId : undefined}
              rows={5}
            />
            <FieldError id={descriptionErrorId} message={errors.description} />
          </div>

          <DialogFooter className="mt-1">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isPending}>
              Submit Report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
