import { useEffect, useState } from "react";
import { subject } from "@casl/ability";
import { Button, Form, Modal, Select, Space, Typography } from "antd";
import { UserSwitchOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import {
  projectInspectorsPath,
  type ProjectInspector,
} from "../../../../../backend/src/modules/projects/services/project-inspectors/project-inspectors.shared";
import { SUBMISSIONS, useClaimActor, type Submission } from "./api";

const NS = "project-inspectors";

/** The accounts the project's claims may name as inspector (GET project-inspectors: the server's rule), searched by name. */
function useInspectorOptions(projectId: string, open: boolean) {
  const [search, setSearch] = useState("");
  const [options, setOptions] = useState<ProjectInspector[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      api<{ data: ProjectInspector[] }>(projectInspectorsPath, {
        query: { projectId, $limit: 50, ...(search.trim() ? { search: search.trim() } : {}) },
        signal: controller.signal,
      })
        .then((page) => setOptions(page.data))
        .catch((error) => {
          if (!controller.signal.aborted) notifyError(`${projectInspectorsPath}.find`, error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [projectId, open, search]);
  return { options, loading, setSearch };
}

/**
 * The claim's inspector (spec §3 Submission.inspector): shown to the claim's readers; assigned or
 * changed by staff with `update` on the project (the server's rule: PUT .../inspector), from the
 * enabled staff accounts of the region. The drawer reads the claim live, so others see a change.
 */
export function ClaimInspector({ claim, project, onDone }: { claim: Submission; project: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const actor = useClaimActor();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ inspectorId: number }>();
  const { options, loading, setSearch } = useInspectorOptions(project.id, open);
  const allowed =
    actor?.portal === "staff" &&
    currentAbility().can("update", subject("projects", { status: project.status, managedBy: project.managedBy ?? null, companyId: project.companyId }));
  const name = claim.inspectorId ? (claim.inspectorName ?? `#${claim.inspectorId}`) : null;

  const save = async ({ inspectorId }: { inspectorId: number }) => {
    setBusy(true);
    try {
      await api(`${SUBMISSIONS}/${encodeURIComponent(claim.id)}/inspector`, {
        method: "PUT",
        action: `${SUBMISSIONS}.assignInspector`,
        body: { inspectorId, updatedAt: claim.updatedAt },
      });
      notifySuccess(t("assigned"));
      setOpen(false);
      onDone();
    } catch (error) {
      notifyError(`${SUBMISSIONS}.assignInspector`, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap data-testid="claim-inspector">
      <Typography.Text data-testid="claim-inspector-name" type={name ? undefined : "secondary"}>
        {name ?? t("none")}
      </Typography.Text>
      {allowed && (
        <Button size="small" icon={<UserSwitchOutlined />} onClick={() => setOpen(true)} data-testid="claim-inspector-assign">
          {claim.inspectorId ? t("change") : t("assign")}
        </Button>
      )}
      {allowed && (
        <Modal
          open={open}
          title={claim.inspectorId ? t("change") : t("assign")}
          okText={t("save")}
          cancelText={t("back")}
          okButtonProps={{ "data-testid": "claim-inspector-save" } as never}
          confirmLoading={busy}
          onOk={() => form.submit()}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false} onFinish={save}>
            <Form.Item name="inspectorId" label={t("inspector")} extra={t("help")} rules={[{ required: true, message: t("required") }]}>
              <Select
                showSearch
                filterOption={false}
                onSearch={setSearch}
                loading={loading}
                notFoundContent={loading ? undefined : t("noMatch")}
                options={options
                  .filter((user) => user.id !== claim.inspectorId)
                  .map((user) => ({ value: user.id, label: user.displayName ? `${user.displayName} (${user.username})` : user.username }))}
                data-testid="claim-inspector-select"
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Space>
  );
}
