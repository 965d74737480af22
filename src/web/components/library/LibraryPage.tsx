import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { type LibraryActorRef, libraryMachine, reportingUploadMachine } from '../../../../machines/library/library.machine';
import { type SkinEditorActorRef, skinEditorMachine } from '../../../../machines/library/skin-editor.machine';
import type { ImageUploadInput, LibraryUploadActorRef, LibraryUploadEvent } from '../../../../machines/library/upload.machine';
import { readCookie, TOKEN_COOKIE } from '../../../api';
import { ApiCallError } from '../../../api/errors';
import { libraryApi, uploadLibraryImage } from '../../../api/library';
import { IMAGE_RULES, type ImageKind, type LibraryKind } from '../../../contracts/library';
import { useApp } from '../../app/context';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Button } from '../ui';
import { ImageUploader as ImageUploaderSlot } from './ImageUploader';
import { DeleteConfirm, ItemList } from './LibraryList';
import { SkinEditor } from './SkinEditor';
import './library.css';

/**
 * The three library pages of issue 16 (/account/theme, /account/background, /account/logo), each a
 * lazy account section: the library machine with its real calls, and its view.
 */

function Title({ kind }: { kind: LibraryKind }) {
  if (kind === 'skin') return <Trans id="menu.account.theme">Skins</Trans>;
  if (kind === 'background') return <Trans id="menu.account.background">Backgrounds</Trans>;
  return <Trans id="menu.account.logo">Logos</Trans>;
}

function Intro({ kind }: { kind: LibraryKind }) {
  if (kind === 'skin')
    return (
      <Trans id="library.skins.intro">
        Your own skins for the reader: the colours of its toolbar, text and icons, its accent and the background around the pages, and the
        toolbar style. Choose one in a publication’s settings (Design tab), beside the presets.
      </Trans>
    );
  if (kind === 'background') {
    const { minLong, minShort, maxSide } = IMAGE_RULES.background;
    return (
      <Trans id="library.backgrounds.intro">
        Your own backgrounds for the reader, shown around the pages. Choose one in a publication’s settings (Design tab). PNG, JPEG or WebP,
        up to 5 MB, at least {minLong} × {minShort} pixels and at most {maxSide} pixels wide or high.
      </Trans>
    );
  }
  const { maxSide } = IMAGE_RULES.logo;
  return (
    <Trans id="library.logos.intro">
      Your own logos, shown in the reader’s toolbar. Choose one in a publication’s settings (Branding tab). PNG, JPEG or WebP, up to 5 MB
      and at most {maxSide} pixels wide or high; transparent PNG and WebP stay transparent.
    </Trans>
  );
}

function Empty({ kind }: { kind: LibraryKind }) {
  if (kind === 'skin') return <Trans id="library.skins.empty">You have no skins of your own yet.</Trans>;
  if (kind === 'background') return <Trans id="library.backgrounds.empty">You have no backgrounds of your own yet.</Trans>;
  return <Trans id="library.logos.empty">You have no logos of your own yet.</Trans>;
}

/** A library page drawn from its machine (the stories render it with a simulated one). */
export function LibraryView({ actor }: { actor: LibraryActorRef }) {
  const { t } = useLingui();
  const kind = useSelector(actor, (s) => s.context.kind);
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const editor = useSelector(actor, (s) =>
    s.matches({ ready: 'editing' }) ? (s.children.editor as SkinEditorActorRef | undefined) : undefined,
  );
  const uploader = useSelector(actor, (s) => s.children.uploader as LibraryUploadActorRef | undefined);
  const canCreate = useSelector(actor, (s) => s.can({ type: 'user.create' }));
  const full = useSelector(actor, (s) => s.context.items.length >= s.context.limit && s.context.limit > 0);
  const title = <Title kind={kind} />;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  const label = t({ id: 'library.list', message: 'Your library' });
  return (
    <section className="account-card lib-page" aria-labelledby="library-title" data-kind={kind}>
      <h2 id="library-title">{title}</h2>
      <p className="as-meta">
        <Intro kind={kind} />
      </p>
      {kind !== 'skin' &&
        uploader &&
        (full ? (
          <p className="callout callout--danger" role="status" data-testid="library-full">
            <Trans id="errors.LIBRARY.962">This library is full. Delete an item before you add another.</Trans>
          </p>
        ) : (
          <ImageUploaderSlot actor={uploader} />
        ))}
      {editor ? (
        <SkinEditor actor={editor} />
      ) : (
        <>
          {kind === 'skin' && (
            <div className="account-actions lib-actions">
              <Button variant="primary" disabled={!canCreate} onClick={() => actor.send({ type: 'user.create' })} data-testid="skin-new">
                <Trans id="library.skin.new">New skin</Trans>
              </Button>
            </div>
          )}
          <ItemList actor={actor} empty={<Empty kind={kind} />} label={label} />
        </>
      )}
      <DeleteConfirm actor={actor} />
    </section>
  );
}

/** The library machine of a page with its real side effects (calls, the XHR upload, the skin editor's save). */
export function useLibraryActor(kind: LibraryKind): LibraryActorRef {
  const { api, auth, config } = useApp();
  const calls = libraryApi(api, kind);
  const upload = fromCallback<LibraryUploadEvent, ImageUploadInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const file = input.file as unknown;
    if (!(file instanceof Blob)) {
      sendBack({ type: 'upload.failed', error: new ApiCallError('parse', { status: 0 }) });
      return;
    }
    uploadLibraryImage({
      uploadHost: config.upload,
      kind: input.kind as ImageKind,
      file,
      fileName: input.file.name,
      name: input.name,
      token: auth.store.get()?.session.access_token ?? readCookie(TOKEN_COOKIE),
      signal: controller.signal,
      onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
    }).then(
      (item) => sendBack({ type: 'upload.done', item }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
      },
    );
    return () => controller.abort();
  });
  // useActorRef keeps the first logic it is given: later renders' providers are ignored.
  return useActorRef(
    libraryMachine.provide({
      actors: {
        loadItems: fromPromise(({ signal }) => calls.list(signal)),
        countUsage: fromPromise(({ input, signal }) => calls.get(input.id, signal)),
        deleteItem: fromPromise(({ input, signal }) => calls.remove(input.id, signal)),
        uploader: reportingUploadMachine.provide({ actors: { upload } }),
        editor: skinEditorMachine.provide({
          actors: { saveSkin: fromPromise(({ input, signal }) => calls.saveSkin(input.id, input.values, signal)) },
        }),
      },
    }),
    { input: { kind } },
  );
}

/** One library page as an account section. */
export function LibrarySection({ kind }: { kind: LibraryKind }) {
  return <LibraryView actor={useLibraryActor(kind)} />;
}
