import { NOTIFICATION_TEXT, type NotificationKind, type NotificationPreferenceDto } from '@caps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

type Channel = 'email' | 'in_app';
const CHANNELS: readonly { channel: Channel; label: string }[] = [
  { channel: 'email', label: 'Email' },
  { channel: 'in_app', label: 'In-app' },
];

type Choices = Record<Channel, boolean>;

/** One kind's channel: a checkbox, "Always sent" when it cannot be turned off, a dash when the kind has no such channel. */
function ChannelCell({
  preference,
  channel,
  label,
  checked,
  onChange,
}: {
  preference: NotificationPreferenceDto;
  channel: Channel;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (!preference.channels[channel]) {
    return (
      <td className="px-2 py-3 text-center sm:px-3 text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{`${label}: not sent this way`}</span>
      </td>
    );
  }
  return (
    <td className="px-2 py-3 sm:px-3">
      <span className="flex justify-center">
        <Checkbox
          aria-label={`${label}: ${preference.label}`}
          checked={preference.essential ? true : checked}
          disabled={preference.essential}
          onCheckedChange={(value) => onChange(value === true)}
        />
      </span>
    </td>
  );
}

function PreferencesForm({ preferences }: { preferences: NotificationPreferenceDto[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.notifications.updatePreferences.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const [choices, setChoices] = useState<Partial<Record<NotificationKind, Choices>>>(() =>
    Object.fromEntries(preferences.map((p) => [p.kind, { email: p.email, in_app: p.in_app }])),
  );
  const optional = preferences.filter((p) => !p.essential);

  const choose = (kind: NotificationKind, channel: Channel, value: boolean) =>
    setChoices((current) => {
      const previous = current[kind] ?? { email: true, in_app: true };
      return { ...current, [kind]: { ...previous, [channel]: value } };
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        // Only the kinds that may be turned off, each with the channels it has.
        preferences: optional.map((p) => {
          const choice = choices[p.kind] ?? { email: p.email, in_app: p.in_app };
          return {
            kind: p.kind,
            ...(p.channels.email ? { email: choice.email } : {}),
            ...(p.channels.in_app ? { in_app: choice.in_app } : {}),
          };
        }),
      });
      queryClient.setQueryData(trpc.notifications.preferences.queryKey(), saved);
      toast.success('Preferences saved', { description: 'You will get the messages you chose.' });
    } catch (error) {
      const { message } = readServerError(error, 'Failed to save preferences');
      setFailure(message);
      toast.error('Failed to save preferences', { description: message });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notification preferences" className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <div className="overflow-x-auto rounded-card border border-border">
        {/* No minimum width: on a phone the message column wraps, so both channels stay in view without scrolling. */}
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Which messages you get, by email and in the app</caption>
          <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Message
              </th>
              {CHANNELS.map(({ channel, label }) => (
                <th key={channel} scope="col" className="w-20 px-2 py-2.5 text-center font-semibold sm:w-24 sm:px-3">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {preferences.map((preference) => (
              <tr key={preference.kind}>
                <th scope="row" className="px-3 py-3 font-medium break-words">
                  {preference.label}
                  {preference.essential ? (
                    <span className="block text-xs font-normal text-muted-foreground">Always sent</span>
                  ) : null}
                </th>
                {CHANNELS.map(({ channel, label }) => (
                  <ChannelCell
                    key={channel}
                    preference={preference}
                    channel={channel}
                    label={label}
                    checked={choices[preference.kind]?.[channel] ?? preference[channel]}
                    onChange={(value) => choose(preference.kind, channel, value)}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {optional.length > 0 ? (
        <div className="flex justify-end">
          <SubmitButton busy={save.isPending} label="Save" busyLabel="Saving..." />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">All of these are always sent, so there is nothing to change.</p>
      )}
    </form>
  );
}

/** Preferences: every kind of message the role gets, with Email and In-app; essential ones are always sent. */
export function PreferencesTab() {
  const trpc = useTRPC();
  const preferences = useQuery(trpc.notifications.preferences.queryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>{NOTIFICATION_TEXT.essentialKind}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={preferences} loading="Loading your preferences..." failed="Failed to load preferences">
          {(data) => (
            <PreferencesForm
              key={data.preferences.map((p) => `${p.kind}${p.email}${p.in_app}`).join()}
              preferences={data.preferences}
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
