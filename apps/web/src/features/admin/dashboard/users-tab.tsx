import { formatNaira } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '@/components/order-status';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { AdminTable, Cell, ViewCell } from './admin-table';
import { SearchableList, useListControls } from './list-controls';
import { UserDetailDialog } from './user-detail-dialog';
import { AccountStatusPill } from './vendor-status';

const COLUMNS = ['User', 'Email', 'Joined', 'Orders', 'Total Spent', 'Status', 'Actions'] as const;

/** Users: every account with its paid orders and spending; the detail dialog suspends or reinstates. */
export function UsersTab() {
  const trpc = useTRPC();
  const list = useListControls();
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions(list.input, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <SearchableList
      title="Users"
      description="Customers, vendors and admins. Orders and spending count paid orders only."
      search={{ label: 'Search users', placeholder: 'Name or email' }}
      controls={list}
      query={users}
      loading="Loading users..."
      failed="Failed to load users"
      empty={{ icon: Users, title: 'No users found' }}
      dialogs={<UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />}
    >
      {(items) => (
        <AdminTable caption="Users" columns={COLUMNS} minWidth="min-w-[50rem]">
          {items.map((user) => (
            <tr key={user.id}>
              <Cell>
                <p id={`user-name-${user.id}`} className="font-semibold">
                  {user.name}
                </p>
                <p className="text-xs text-muted-foreground capitalize">{user.role}</p>
              </Cell>
              <Cell className="whitespace-nowrap">{user.email}</Cell>
              <Cell className="whitespace-nowrap">{formatDate(user.created_at)}</Cell>
              <Cell className="tabular-nums">{user.order_count}</Cell>
              <Cell className="tabular-nums whitespace-nowrap">{formatNaira(user.total_spent)}</Cell>
              <Cell>
                <AccountStatusPill status={user.status} />
              </Cell>
              <ViewCell onView={() => setViewing(user.id)} describedBy={`user-name-${user.id}`} />
            </tr>
          ))}
        </AdminTable>
      )}
    </SearchableList>
  );
}
