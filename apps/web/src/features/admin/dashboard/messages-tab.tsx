import type { AdminContactMessageDto } from '@caps/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Inbox } from 'lucide-react';
import { useId } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { formatDateTime } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatusPill } from '@/components/ui/status-pill';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { useAdminActionFeedback } from './admin-queries';

function MessageCard({ message }: { message: AdminContactMessageDto }) {
  const trpc = useTRPC();
  const feedback = useAdminActionFeedback();
  const markHandled = useMutation(
    trpc.admin.contactMessages.markHandled.mutationOptions(
      feedback('Message marked as handled', 'Failed to mark the message as handled'),
    ),
  );
  // Mark as handled is named by its words; the message's subject describes it.
  const subjectId = useId();
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={subjectId} className="min-w-0 font-semibold break-words">
          {message.subject}
        </h3>
        {message.handled_at ? (
          <StatusPill tone="success">Handled</StatusPill>
        ) : (
          <StatusPill tone="warning">New</StatusPill>
        )}
      </div>
      <p className="text-sm break-words text-muted-foreground">
        From {message.name} ·{' '}
        <a href={`mailto:${message.email}`} className="text-primary underline-offset-4 hover:underline">
          {message.email}
        </a>{' '}
        · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      <p className="text-sm break-words whitespace-pre-line">{message.message}</p>
      {message.handled_at ? (
        <p className="text-xs text-muted-foreground">
          Handled {message.handled_by ? `by ${message.handled_by.name} ` : ''}on {formatDateTime(message.handled_at)}
        </p>
      ) : (
        <Button
          variant="outline"
          className="self-start"
          disabled={markHandled.isPending}
          aria-busy={markHandled.isPending}
          onClick={() => markHandled.mutate({ id: message.id })}
          aria-describedby={subjectId}
        >
          <CheckCircle2 aria-hidden="true" />
          Mark as handled
        </Button>
      )}
    </Card>
  );
}

/** Messages: what visitors sent through the contact form, unhandled first, each marked handled once answered. */
export function MessagesTab() {
  const trpc = useTRPC();
  const messages = useQuery(trpc.admin.contactMessages.list.queryOptions({ status: 'all' }, ADMIN_QUERY_CACHE));
  const counts = messages.data?.counts;
  return (
    <DashboardSection
      title="Messages"
      description={
        counts
          ? `${counts.unhandled} waiting for an answer, ${counts.total} in all.`
          : 'Messages from the contact form.'
      }
    >
      <QueryView
        query={messages}
        loading="Loading messages..."
        failed="Failed to load messages"
        empty={{ icon: Inbox, title: 'No messages yet', when: (data) => data.data.length === 0 }}
      >
        {(data) => (
          <ul aria-label="Contact messages" className="flex flex-col gap-4">
            {data.data.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </DashboardSection>
  );
}
