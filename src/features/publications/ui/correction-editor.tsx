"use client";

import { api } from "~/trpc/react.tsx";
import { Modal } from "~/ui/modal.tsx";
import { ArticleEditForm } from "./desk/article-edit-form.tsx";

/**
 * The desk's edit of a published article, opened from elsewhere in the admin (a reader's report) with a
 * correction note to start from; saving it publishes the correction exactly as the desk's own edit does.
 */
export interface CorrectionEditorProps {
  slug: string;
  title: string;
  note: string;
  onClose: () => void;
  /** The caller's texts while the article loads, and when it is no longer published. */
  texts: { loading: string; notPublished: string };
}

export function CorrectionEditor(props: CorrectionEditorProps) {
  const utils = api.useUtils();
  const approved = api.admin.publications.approved.useQuery();
  const article = approved.data?.find((a) => a.slug === props.slug);
  const done = () => {
    void utils.admin.publications.approved.invalidate();
    props.onClose();
  };
  return (
    <Modal open wide onOpenChange={(open) => !open && props.onClose()} title={props.title} testId="correction-editor">
      {article ? (
        <ArticleEditForm
          article={article}
          initialCorrectionNote={props.note}
          onCancel={props.onClose}
          onSaved={done}
          onSaveAndApprove={done}
        />
      ) : (
        <p className="text-sm text-muted">{approved.isLoading ? props.texts.loading : props.texts.notPublished}</p>
      )}
    </Modal>
  );
}
