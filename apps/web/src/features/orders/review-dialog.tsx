import { boundedText, REVIEW_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, FormAlert, TextAreaField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '@/lib/error-code';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/** Spec 5: rating 1-5 (above 0 to submit), comment 10-500 characters and not blank. */
const ReviewForm = z.object({
  rating: z
    .number()
    .int(VALIDATION_MESSAGES.rating)
    .min(1, VALIDATION_MESSAGES.rating)
    .max(5, VALIDATION_MESSAGES.rating),
  comment: boundedText(10, 500),
});

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

interface ReviewDialogProps {
  productId: number;
  productName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ReviewDialog({ productId, productName, open, onOpenChange }: ReviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Write a Review</DialogTitle>
          <DialogDescription>How do you like {productName}?</DialogDescription>
        </DialogHeader>
        {open ? <ReviewFormBody productId={productId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewFormBody({ productId, onDone }: { productId: number; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.reviews.create.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ReviewForm),
    defaultValues: { rating: 0, comment: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const comment = watch('comment');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync({ ...values, product_id: productId });
      await queryClient.invalidateQueries(trpc.reviews.pathFilter());
      await queryClient.invalidateQueries(trpc.catalogue.pathFilter());
      toast.success(REVIEW_TEXT.submitted, { description: 'Thank you for sharing your experience.' });
      onDone();
    } catch (error) {
      const { message } = readServerError(error, 'Please try again.');
      setFailure(message);
      toast.error('Failed to submit review', { description: message });
      if (errorCodeOf(error) === 'ALREADY_REVIEWED') void queryClient.invalidateQueries(trpc.reviews.pathFilter());
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Review" className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <fieldset className="flex flex-col gap-2" aria-describedby={fieldState.error ? 'rating-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">Rating</legend>
            <div className="flex items-center gap-1">
              {STAR_WORDS.map((word, index) => {
                const value = index + 1;
                const lit = value <= field.value;
                return (
                  <label
                    key={word}
                    className="cursor-pointer rounded-md p-0.5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={value}
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                      className="sr-only"
                      aria-invalid={Boolean(fieldState.error)}
                    />
                    <Star
                      aria-hidden="true"
                      className={cn('size-8', lit ? 'fill-amber-500 text-amber-500' : 'text-muted-foreground')}
                      strokeWidth={1.5}
                    />
                    <span className="sr-only">
                      {value} {value === 1 ? 'star' : 'stars'} ({word})
                    </span>
                  </label>
                );
              })}
              <span className="ml-2 text-sm text-muted-foreground" aria-hidden="true">
                {field.value > 0 ? STAR_WORDS[field.value - 1] : 'Choose a rating'}
              </span>
            </div>
            <FieldError id="rating-error" message={fieldState.error?.message} />
          </fieldset>
        )}
      />
      <TextAreaField
        label="Comment"
        error={errors.comment?.message}
        hint={`${comment.trim().length}/500 characters, at least 10.`}
        registration={register('comment')}
        maxLength={500}
        aria-required="true"
        placeholder="What did you like? How was the fit and the finish?"
      />
      <DialogFooter className="mt-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner /> Submitting...
            </>
          ) : (
            'Submit Review'
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
