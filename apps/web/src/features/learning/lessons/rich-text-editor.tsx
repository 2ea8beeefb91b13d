import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineEditor } from '@mantine/tiptap';
import TextAlign from '@tiptap/extension-text-align';
import Underline from '@tiptap/extension-underline';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowedLessonLink } from './rich-text.ts';

export type RichTextEditorProps = {
  /** The visible label; also the accessible name of the editable area. */
  label: string;
  /** Help under the label (e.g. "Shown to learners as written"). */
  description?: string;
  /** Stored (sanitised) HTML. */
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  required?: boolean;
  readOnly?: boolean;
};

/**
 * Rich text for lesson TEXT and NOTIFY blocks (@mantine/tiptap): the marks and blocks the server's
 * sanitiser keeps (bold, italic, underline, strike, headings 2–4, lists, quote, code, rule, links
 * to https/mailto/tel, left/centre/right alignment). Toolbar labels in the reader's language; the
 * editable area is a labelled multi-line textbox.
 */
export function RichTextEditor({
  label,
  description,
  value,
  onChange,
  error,
  required,
  readOnly,
}: RichTextEditorProps) {
  const { t } = useTranslation('lessons');
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, underline: false }),
      Underline,
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['https', 'mailto', 'tel'],
        isAllowedUri: (url) => isAllowedLessonLink(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A value changed from outside (another language loaded, a reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  const labels = useMemo(
    () => ({
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      strikeControlLabel: t('editor.strike'),
      clearFormattingControlLabel: t('editor.clearFormatting'),
      h2ControlLabel: t('editor.h2'),
      h3ControlLabel: t('editor.h3'),
      h4ControlLabel: t('editor.h4'),
      bulletListControlLabel: t('editor.bulletList'),
      orderedListControlLabel: t('editor.orderedList'),
      blockquoteControlLabel: t('editor.blockquote'),
      codeControlLabel: t('editor.code'),
      codeBlockControlLabel: t('editor.codeBlock'),
      hrControlLabel: t('editor.hr'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      alignLeftControlLabel: t('editor.alignLeft'),
      alignCenterControlLabel: t('editor.alignCenter'),
      alignRightControlLabel: t('editor.alignRight'),
      undoControlLabel: t('editor.undo'),
      redoControlLabel: t('editor.redo'),
      linkEditorInputLabel: t('editor.linkInput'),
      linkEditorInputPlaceholder: t('editor.linkPlaceholder'),
      linkEditorExternalLink: t('editor.linkExternal'),
      linkEditorInternalLink: t('editor.linkInternal'),
      linkEditorSave: t('editor.linkSave'),
    }),
    [t],
  );

  return (
    <Input.Wrapper
      labelProps={{ id: labelId, component: 'div' }}
      label={label}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <MantineEditor editor={editor} labels={labels}>
        {!readOnly && (
          <MantineEditor.Toolbar aria-label={t('editor.toolbar', { label })} role="toolbar">
            <MantineEditor.ControlsGroup>
              <MantineEditor.Bold />
              <MantineEditor.Italic />
              <MantineEditor.Underline />
              <MantineEditor.Strikethrough />
              <MantineEditor.ClearFormatting />
              <MantineEditor.Code />
            </MantineEditor.ControlsGroup>
            <MantineEditor.ControlsGroup>
              <MantineEditor.H2 />
              <MantineEditor.H3 />
              <MantineEditor.H4 />
            </MantineEditor.ControlsGroup>
            <MantineEditor.ControlsGroup>
              <MantineEditor.BulletList />
              <MantineEditor.OrderedList />
              <MantineEditor.Blockquote />
              <MantineEditor.CodeBlock />
              <MantineEditor.Hr />
            </MantineEditor.ControlsGroup>
            <MantineEditor.ControlsGroup>
              <MantineEditor.Link />
              <MantineEditor.Unlink />
            </MantineEditor.ControlsGroup>
            <MantineEditor.ControlsGroup>
              <MantineEditor.AlignLeft />
              <MantineEditor.AlignCenter />
              <MantineEditor.AlignRight />
            </MantineEditor.ControlsGroup>
            <MantineEditor.ControlsGroup>
              <MantineEditor.Undo />
              <MantineEditor.Redo />
            </MantineEditor.ControlsGroup>
          </MantineEditor.Toolbar>
        )}
        <MantineEditor.Content />
      </MantineEditor>
    </Input.Wrapper>
  );
}
