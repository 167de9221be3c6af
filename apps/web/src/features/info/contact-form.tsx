import { CONTACT, ContactMessageForm } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { EmailField } from '@/components/forms/email-field';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { NoScriptNotice } from '@/lib/seo';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/** Spec 8 toasts of the contact form. */
export const CONTACT_SENT = "Message sent successfully! We'll get back to you within 24 hours.";
export const CONTACT_FAILED = 'Failed to send message';
export const CONTACT_FAILED_BODY = 'Please try again or contact us directly.';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The contact form: stored on the server for the admins (spec 2 only simulated the sending). */
export function ContactForm() {
  const trpc = useTRPC();
  const sending = useMutation(trpc.contact.send.mutationOptions());
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ContactMessageForm),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sending.mutateAsync(values);
      toast.success(CONTACT_SENT);
      reset(EMPTY);
    } catch (error) {
      // What was typed stays in the form, so the visitor can send it again or copy it.
      applyServerFieldErrors(setError, readServerError(error, CONTACT_FAILED).fieldErrors, FIELDS);
      toast.error(CONTACT_FAILED, { description: CONTACT_FAILED_BODY });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Contact form">
      <NoScriptNotice>Turn on JavaScript to send this form, or write to us at {CONTACT.email}.</NoScriptNotice>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full Name"
          error={errors.name?.message}
          registration={register('name')}
          autoComplete="name"
          aria-required="true"
          placeholder="Your name"
        />
        <EmailField
          registration={register('email')}
          error={errors.email?.message}
          label="Email Address"
          placeholder="you@example.com"
        />
      </div>
      <TextField
        label="Subject"
        error={errors.subject?.message}
        registration={register('subject')}
        aria-required="true"
        placeholder="What is your message about?"
      />
      <TextAreaField
        label="Message"
        error={errors.message?.message}
        registration={register('message')}
        rows={6}
        aria-required="true"
        placeholder="Tell us how we can help"
      />
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? (
          <>
            <Spinner /> Sending...
          </>
        ) : (
          <>
            <Send aria-hidden="true" /> Send Message
          </>
        )}
      </Button>
    </form>
  );
}
