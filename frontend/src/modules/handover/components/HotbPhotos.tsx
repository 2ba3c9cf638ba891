import { useEffect, useRef, useState } from "react";
import { type BaseRecord } from "@refinedev/core";
import { Badge, Button, Image, Popconfirm, Progress, Space, Typography } from "antd";
import { CameraOutlined, DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { apiFetch, apiUrl } from "../../../providers/api";
import { session } from "../../../providers/session";
import { formatDateTime } from "../../../components/format";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useAllLines } from "./useAllLines";
import { hotbPhotoContentUrl, hotbPhotoOwner, hotbPhotosPath } from "../../../../../backend/src/modules/handover/services/hotb-photos/hotb-photos.shared";
import { hotbWrite } from "./api";

export type Photo = BaseRecord & {
  id: number;
  hotbId: number;
  scheduleItemId: number;
  sha256: string;
  caption: string | null;
  capturedAt: string | null;
  createdAt: string;
  uploadedByName?: string;
};

const byUpload = [
  { field: "createdAt", order: "asc" as const },
  { field: "id", order: "asc" as const },
];

/** A record's photos (all its items at once, however many pages), by item; live. */
export function useHotbPhotos(hotbId: unknown) {
  const { lines: photos, loading } = useAllLines<Photo>(hotbPhotosPath, hotbId, byUpload);
  const byItem = new Map<number, Photo[]>();
  for (const photo of photos) byItem.set(photo.scheduleItemId, [...(byItem.get(photo.scheduleItemId) ?? []), photo]);
  return { byItem, loading };
}

/**
 * The picture of a photo as a local URL, fetched with the session's rights (an <img> sends none):
 * its thumbnail (a few KB, `?size=thumb`) or the full picture, once `wanted`.
 */
function usePhotoUrl(id: number, size: "thumb" | "full", wanted = true) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!wanted) return;
    let made: string | undefined;
    let gone = false;
    apiFetch(`${hotbPhotoContentUrl(id)}${size === "thumb" ? "?size=thumb" : ""}`, { headers: { Accept: "image/*" } })
      .then((response) => response.blob())
      .then((blob) => {
        if (gone) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, size, wanted]);
  return url;
}

/** Uploads one picture for the item through `files`, reporting its progress: the file's id. */
function uploadPicture(itemId: number, file: File, onProgress: (percent: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("ownerResource", hotbPhotoOwner);
    form.append("ownerId", String(itemId));
    form.append("files", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", apiUrl("files"));
    const { token, language } = session.get();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.setRequestHeader("Accept-Language", language);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("X-CMS-Action", "files.create");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      let body: any;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = {};
      }
      if (request.status >= 200 && request.status < 300) resolve((Array.isArray(body) ? body[0] : body).id);
      else
        reject(
          Object.assign(new Error(body?.message ?? request.statusText), {
            status: request.status,
            statusCode: request.status,
            code: body?.data?.code,
            data: body?.data,
            serverMessage: body?.message,
          }),
        );
    };
    request.onerror = () => reject(Object.assign(new Error("Network error"), { status: 503, code: "NETWORK_ERROR" }));
    request.send(form);
  });
}

const shortSha = (sha: string) => `${sha.slice(0, 8)}…${sha.slice(-4)}`;

/** A photo's thumbnail; the full picture is fetched only when the lightbox shows this photo. */
function Thumb({ photo, shown }: { photo: Photo; shown: boolean }) {
  const { t } = useTranslation("hotb");
  const thumb = usePhotoUrl(photo.id, "thumb");
  // Kept once fetched, so paging back through the lightbox does not fetch it again.
  const [seen, setSeen] = useState(false);
  useEffect(() => setSeen((before) => before || shown), [shown]);
  const full = usePhotoUrl(photo.id, "full", seen);
  return (
    <Image
      src={thumb}
      width={56}
      height={56}
      style={{ objectFit: "cover", borderRadius: 4 }}
      alt={photo.caption ?? t("photos.alt", { time: formatDateTime(photo.capturedAt ?? photo.createdAt) })}
      placeholder
      preview={{ src: full ?? thumb }}
      data-testid="hotb-photo-thumb"
    />
  );
}

/** What the lightbox says of the photo shown: capture and upload times, uploader, short SHA-256. */
function PhotoFacts({ photo }: { photo: Photo }) {
  const { t } = useTranslation("hotb");
  return (
    <div data-testid="hotb-photo-facts" style={{ color: "#fff", background: "rgba(0,0,0,.55)", padding: "6px 12px", borderRadius: 6, fontSize: 13 }}>
      {photo.caption && <div>{photo.caption}</div>}
      <Space wrap size="middle">
        <span>
          {t("photos.capturedAt")}: {photo.capturedAt ? formatDateTime(photo.capturedAt) : t("photos.unknown")}
        </span>
        <span>
          {t("photos.uploadedAt")}: {formatDateTime(photo.createdAt)}
        </span>
        {photo.uploadedByName && (
          <span>
            {t("photos.uploadedBy")}: {photo.uploadedByName}
          </span>
        )}
        <span title={photo.sha256}>SHA-256: {shortSha(photo.sha256)}</span>
      </Space>
    </div>
  );
}

/**
 * An item's photos (issue 31 §4): their count and thumbnails, a lightbox with each one's capture
 * and upload times, uploader and short SHA-256; its editors add pictures (several at once, or from
 * a phone's camera) with their progress and remove them.
 */
export function ItemPhotos({
  itemId,
  item,
  photos,
  editable,
  testId = "hotb-photos",
}: {
  itemId: number;
  item: string;
  photos: Photo[];
  editable: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("hotb");
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  const [uploads, setUploads] = useState<Array<{ name: string; percent: number }>>([]);
  const pick = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);

  const add = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (!chosen.length) return;
    setUploads(chosen.map((file) => ({ name: file.name, percent: 0 })));
    let added = 0;
    await Promise.all(
      chosen.map(async (file, index) => {
        try {
          const fileId = await uploadPicture(itemId, file, (percent) => setUploads((now) => now.map((row, at) => (at === index ? { ...row, percent } : row))));
          await hotbWrite(hotbPhotosPath, "POST", undefined, { scheduleItemId: itemId, fileId });
          added++;
        } catch (error) {
          notifyError(`${hotbPhotosPath}.create`, error, file.name);
        }
      }),
    );
    setUploads([]);
    if (pick.current) pick.current.value = "";
    if (camera.current) camera.current.value = "";
    if (added) notifySuccess(t("photos.added", { count: added }));
  };
  const remove = async (photo: Photo) => {
    try {
      await hotbWrite(hotbPhotosPath, "DELETE", photo.id);
      notifySuccess(t("photos.removed"));
    } catch (error) {
      notifyError(`${hotbPhotosPath}.remove`, error);
    }
  };

  return (
    <div data-testid={testId} data-item={item}>
      <Space size={4} wrap align="center">
        <Badge
          count={photos.length}
          showZero
          color={photos.length ? "#1677ff" : "#bfbfbf"}
          data-testid={`${testId}-count`}
          title={t("photos.count", { count: photos.length })}
        />
        <Image.PreviewGroup
          preview={{
            current,
            onChange: (index) => setCurrent(index),
            onVisibleChange: (visible) => setOpen(visible),
            toolbarRender: (toolbar) => (
              <Space direction="vertical" align="center">
                {photos[current] && <PhotoFacts photo={photos[current]} />}
                <Space>
                  {toolbar}
                  {editable && photos[current] && (
                    <Popconfirm
                      title={t("photos.removeConfirm")}
                      okText={t("actions.remove")}
                      cancelText={t("actions.back")}
                      onConfirm={() => remove(photos[current])}
                    >
                      <Button danger size="small" icon={<DeleteOutlined />} data-testid="hotb-photo-remove">
                        {t("actions.remove")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              </Space>
            ),
          }}
        >
          {photos.map((photo, index) => (
            <span key={photo.id} onClickCapture={() => setCurrent(index)} style={{ display: "inline-block", marginRight: 4 }}>
              <Thumb photo={photo} shown={open && index === current} />
            </span>
          ))}
        </Image.PreviewGroup>
        {editable && (
          <>
            <input
              ref={pick}
              type="file"
              accept="image/*"
              multiple
              hidden
              onChange={(event) => void add(event.target.files)}
              data-testid={`${testId}-input`}
              aria-label={`${t("photos.upload")} ${item}`}
            />
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              onChange={(event) => void add(event.target.files)}
              aria-label={`${t("photos.camera")} ${item}`}
            />
            <Button
              size="small"
              icon={<UploadOutlined />}
              onClick={() => pick.current?.click()}
              disabled={uploads.length > 0}
              aria-label={`${t("photos.upload")} ${item}`}
            />
            <Button
              size="small"
              icon={<CameraOutlined />}
              onClick={() => camera.current?.click()}
              disabled={uploads.length > 0}
              aria-label={`${t("photos.camera")} ${item}`}
            />
          </>
        )}
      </Space>
      {uploads.map((row) => (
        <div key={row.name} data-testid="hotb-photo-progress">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.name}
          </Typography.Text>
          <Progress percent={row.percent} size="small" />
        </div>
      ))}
    </div>
  );
}
