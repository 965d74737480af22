import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type PointerEvent, useId, useRef } from 'react';
import { type AvatarActorRef, type AvatarFile, cropStep, minCropSize } from '../../../../machines/profile/avatar.machine';
import { AVATAR_SIZES, AVATAR_TYPES } from '../../../contracts/profile';
import { Callout } from '../account/parts';
import { Button } from '../ui';

/** What the person sees of the avatar's size in the header and lists (the preview's size, CSS pixels). */
const PREVIEW = AVATAR_SIZES.small;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The file input, shown as a button (a real input: keyboard and screen readers reach it as one). */
function ChooseFile({ actor, label }: { actor: AvatarActorRef; label: string }) {
  const canChoose = useSelector(actor, (s) => s.can({ type: 'user.choose', file: { size: 1, type: 'image/png' } }));
  return (
    <label className={`btn profile-file${canChoose ? '' : ' is-disabled'}`}>
      <input
        type="file"
        className="visually-hidden"
        accept={AVATAR_TYPES.join(',')}
        disabled={!canChoose}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // The same file chosen again must be read again.
          e.currentTarget.value = '';
          if (file) actor.send({ type: 'user.choose', file: file as AvatarFile });
        }}
      />
      {label}
    </label>
  );
}

/**
 * The square chosen over the picture: drawn from the machine's crop (percentages of the picture, so
 * it needs no measuring to show), moved by dragging (the pointer's movement turned into picture
 * pixels) or the arrow keys (Shift: ten steps), resized with + and − or the slider. A preview shows
 * the avatar as the header will.
 */
function Cropper({ actor }: { actor: AvatarActorRef }) {
  const { t } = useLingui();
  const image = useSelector(actor, (s) => s.context.image);
  const crop = useSelector(actor, (s) => s.context.crop);
  const uploading = useSelector(actor, (s) => s.matches({ editing: 'uploading' }));
  const canMove = useSelector(actor, (s) => s.can({ type: 'user.nudge', dx: 1, dy: 0 }));
  const help = useId();
  // Where a drag started (pure presentation: the pointer's own bookkeeping, not the flow).
  const drag = useRef<{ pointer: number; x: number; y: number; cropX: number; cropY: number; scale: number } | null>(null);
  if (!image) return null;
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!canMove) return;
    const frame = e.currentTarget.parentElement?.getBoundingClientRect();
    if (!frame || frame.width === 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY, cropX: crop.x, cropY: crop.y, scale: image.width / frame.width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    actor.send({ type: 'user.place', x: d.cropX + (e.clientX - d.x) * d.scale, y: d.cropY + (e.clientY - d.y) * d.scale });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [-1 | 0 | 1, -1 | 0 | 1]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      actor.send({ type: 'user.nudge', dx: move[0], dy: move[1], large: e.shiftKey });
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      actor.send({ type: 'user.zoom', direction: 1 });
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      actor.send({ type: 'user.zoom', direction: -1 });
    }
  };
  const scale = PREVIEW / crop.size;
  const largest = Math.min(image.width, image.height);
  return (
    <div className="avatar-crop">
      <div className="avatar-crop__frame">
        <img className="avatar-crop__image" src={image.url} alt="" draggable={false} />
        {/* biome-ignore lint/a11y/useSemanticElements: a two-dimensional handle has no native element; it is a focusable group with its keys described. */}
        <div
          className="avatar-crop__square"
          role="group"
          tabIndex={uploading ? -1 : 0}
          aria-label={t({ id: 'account.avatar.crop.label', message: 'Part of the picture to keep' })}
          aria-describedby={help}
          data-testid="avatar-crop"
          style={{
            left: pct(crop.x, image.width),
            top: pct(crop.y, image.height),
            width: pct(crop.size, image.width),
            height: pct(crop.size, image.height),
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="avatar-crop__side">
        <div
          className="avatar-crop__preview"
          role="img"
          aria-label={t({ id: 'account.avatar.preview', message: 'Preview of your avatar' })}
          style={{
            backgroundImage: `url("${image.url}")`,
            backgroundSize: `${image.width * scale}px ${image.height * scale}px`,
            backgroundPosition: `${-crop.x * scale}px ${-crop.y * scale}px`,
          }}
        />
        <label className="field__label avatar-crop__size">
          <Trans id="account.avatar.size">Size</Trans>
          <input
            type="range"
            min={minCropSize(image)}
            max={largest}
            step={cropStep(image)}
            value={crop.size}
            disabled={!canMove}
            onChange={(e) => actor.send({ type: 'user.setSize', size: Number(e.currentTarget.value) })}
          />
        </label>
        <p className="account-fineprint" id={help}>
          <Trans id="account.avatar.crop.help">Drag the square, or use the arrow keys to move it and + or − to resize it.</Trans>
        </p>
      </div>
    </div>
  );
}

/** The public profile's avatar: the current one (or initials), choosing and cropping a new one, removing it. */
export function AvatarEditor({ actor, name }: { actor: AvatarActorRef; name: string }) {
  const { t, i18n } = useLingui();
  const current = useSelector(actor, (s) => s.context.current);
  const error = useSelector(actor, (s) => s.context.error);
  const phase = useSelector(actor, (s) =>
    s.matches('reading') ? 'reading' : s.matches('removing') ? 'removing' : s.matches('editing') ? 'editing' : 'idle',
  );
  const uploading = useSelector(actor, (s) => s.matches({ editing: 'uploading' }));
  const canUpload = useSelector(actor, (s) => s.can({ type: 'user.upload' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const canRemove = useSelector(actor, (s) => s.can({ type: 'user.remove' }));
  return (
    <section
      className="account-card profile-card"
      aria-labelledby="avatar-title"
      aria-busy={phase === 'reading' || phase === 'removing' || uploading || undefined}
    >
      <h2 id="avatar-title">
        <Trans id="account.avatar.title">Avatar</Trans>
      </h2>
      {error && <Callout tone="danger">{i18n._(error)}</Callout>}
      {phase === 'editing' ? (
        <>
          <Cropper actor={actor} />
          <div className="account-actions profile-actions">
            <Button
              variant="primary"
              disabled={!canUpload}
              onClick={() => actor.send({ type: 'user.upload' })}
              aria-busy={uploading || undefined}
            >
              {uploading ? <Trans id="account.avatar.uploading">Saving…</Trans> : <Trans id="account.avatar.save">Save avatar</Trans>}
            </Button>
            <ChooseFile actor={actor} label={t({ id: 'account.avatar.another', message: 'Choose another picture' })} />
            <Button disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans id="account.avatar.cancel">Cancel</Trans>
            </Button>
          </div>
        </>
      ) : (
        <div className="avatar-current">
          {current.large || current.small ? (
            <img
              className="avatar-current__image"
              src={current.large ?? current.small ?? ''}
              alt={t({ id: 'account.avatar.current', message: 'Your avatar' })}
            />
          ) : (
            <span className="avatar-current__image avatar--initials" aria-hidden="true">
              {initials(name)}
            </span>
          )}
          <div className="avatar-current__text">
            <p className="account-fineprint">
              <Trans id="account.avatar.help">
                A PNG, JPEG or WebP picture of at least 96 × 96 pixels, up to 8 MB. You choose the square to keep.
              </Trans>
            </p>
            <div className="account-actions">
              <ChooseFile actor={actor} label={t({ id: 'account.avatar.choose', message: 'Choose a picture' })} />
              {(canRemove || phase === 'removing') && (
                <Button variant="ghost" disabled={!canRemove} onClick={() => actor.send({ type: 'user.remove' })}>
                  <Trans id="account.avatar.remove">Remove avatar</Trans>
                </Button>
              )}
            </div>
            {phase === 'reading' && (
              <p role="status">
                <span className="spinner spinner--sm" /> <Trans id="account.avatar.reading">Opening the picture…</Trans>
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
