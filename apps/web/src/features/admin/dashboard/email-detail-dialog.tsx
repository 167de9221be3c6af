import { type EmailDetailDto, NOTIFICATION_KIND_INFO } from '@caps/contracts';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { formatDateTime } from '@/components/order-status';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { retryOnceUnlessNotFound, useAdminActionFeedback } from './admin-queries';
import { EmailStatusBadge } from './email-status';
import { DetailList, RecordDialog } from './record-dialog';

function RetryButton({ email }: { email: EmailDetailDto }) {
  const trpc = useTRPC();
  const feedback = useAdminActionFeedback();
  const retry = useMutation(
    trpc.admin.emails.retry.mutationOptions(feedback('Email queued to be sent again', 'Failed to retry the email')),
  );
  return (
    <Button
      className="self-start"
      onClick={() => retry.mutate({ id: email.id })}
      disabled={retry.isPending}
      aria-busy={retry.isPending}
    >
      <RotateCcw aria-hidden="true" />
      Retry
    </Button>
  );
}

function EmailDetail({ email }: { email: EmailDetailDto }) {
  return (
    <div className="flex flex-col gap-5">
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-3">
          <DialogTitle className="break-words">{email.subject}</DialogTitle>
          <EmailStatusBadge status={email.status} />
        </div>
        <DialogDescription className="break-words">
          To {email.to} · {NOTIFICATION_KIND_INFO[email.kind].label}
        </DialogDescription>
      </DialogHeader>
      <DetailList
        rows={[
          { label: 'Written', value: formatDateTime(email.created_at) },
          { label: 'Sent', value: email.sent_at ? formatDateTime(email.sent_at) : 'Not sent' },
          { label: 'Attempts', value: email.attempts },
          ...(email.status === 'pending' && email.next_attempt_at
            ? [{ label: 'Next try', value: formatDateTime(email.next_attempt_at) }]
            : []),
        ]}
      />
      {email.status === 'kept' ? (
        <p className="text-sm text-muted-foreground">SMTP is not configured: this email was kept here and not sent.</p>
      ) : null}
      {email.last_error ? (
        <div className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
          <p className="font-semibold text-destructive">
            {email.status === 'failed' ? 'Failed: last error' : 'Last error'}
          </p>
          <p className="mt-1 font-mono text-xs break-words">{email.last_error}</p>
        </div>
      ) : null}
      {email.status === 'failed' ? <RetryButton email={email} /> : null}
      <Tabs defaultValue="html">
        <TabsList>
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className="mt-3">
          {/* sandbox="": no script, form, navigation or same-origin access; what the mail client would show. */}
          <iframe
            sandbox=""
            srcDoc={email.html}
            title={`Email as sent: ${email.subject}`}
            className="h-[28rem] w-full rounded-lg border border-border bg-white"
          />
        </TabsContent>
        <TabsContent value="text" className="mt-3">
          <pre className="max-h-[28rem] overflow-auto rounded-lg border border-border bg-muted/40 p-3 font-mono text-xs break-words whitespace-pre-wrap">
            {email.text}
          </pre>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** One email of the outbox: its subject, the rendered HTML (sandboxed), the plain text, its error and Retry. */
export function EmailDetailDialog({ emailId, onClose }: { emailId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const email = useQuery({
    ...trpc.admin.emails.get.queryOptions(emailId === null ? skipToken : { id: emailId }, ADMIN_QUERY_CACHE),
    retry: retryOnceUnlessNotFound,
  });
  return (
    <RecordDialog open={emailId !== null} onClose={onClose} title="Email" query={email} notFound="Email not found">
      {(data) => <EmailDetail email={data} />}
    </RecordDialog>
  );
}
