import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { truncateTitle } from '../../../../machines/book-list/items';
import type { BookListActorRef } from '../../../../machines/book-list.machine';
import { Button, Modal } from '../ui';

const SHOWN = 5;

/** Delete confirmation (single or bulk): names the books; Escape, the backdrop and Cancel keep them. */
export function ConfirmDelete({ actor }: { actor: BookListActorRef }) {
  const { t } = useLingui();
  const ids = useSelector(actor, (s) => s.context.confirm);
  const items = useSelector(actor, (s) => s.context.items);
  const open = useSelector(actor, (s) => s.matches({ list: { ready: 'confirming' } }));
  const names = (ids ?? []).map((id) => items.find((i) => i.id === id)?.name ?? id);
  const count = names.length;
  const cancel = () => actor.send({ type: 'user.cancel' });
  return (
    <Modal
      open={open}
      title={
        count === 1 ? (
          <Trans id="book.confirm.title.one">Delete this publication?</Trans>
        ) : (
          <Trans id="book.confirm.title.many">Delete {count} publications?</Trans>
        )
      }
      onEscape={cancel}
      onBackdrop={cancel}
      onClose={cancel}
      footer={
        <>
          <Button onClick={cancel}>
            <Trans id="book.confirm.cancel">Keep</Trans>
          </Button>
          <Button variant="danger" onClick={() => actor.send({ type: 'user.confirm' })}>
            <Trans id="book.confirm.delete">Delete for good</Trans>
          </Button>
        </>
      }
    >
      <p>
        <Trans id="book.confirm.text">
          Deleted publications disappear for readers, and their links and embeds stop working. This cannot be undone.
        </Trans>
      </p>
      <ul className="book-confirm__names" aria-label={t({ id: 'book.confirm.list', message: 'Publications to delete' })}>
        {names.slice(0, SHOWN).map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: names can repeat; the order is fixed while the dialog is open.
          <li key={i} title={name}>
            {truncateTitle(name)}
          </li>
        ))}
        {count > SHOWN && (
          <li>
            <Trans id="book.confirm.more">and {count - SHOWN} more</Trans>
          </li>
        )}
      </ul>
    </Modal>
  );
}
