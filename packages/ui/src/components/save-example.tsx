import { type Endpoint, type EndpointExample, MAX_EXAMPLE_NAME_LENGTH } from '@client/core';
import { useId, useState } from 'react';
import { api } from '../api/client.js';
import { exampleOfResponse, type SavableResponse, suggestedExampleName, whyNotSavable } from '../lib/examples.js';
import { messageOf } from '../lib/message-of.js';
import { Dialog, DialogActions } from './dialog.js';
import { Icon } from './icons.js';

/** Where a response can be saved as an example: its endpoint (null when it has none), and who hears of the save. */
export interface SaveExampleTarget {
  endpointId: string | null;
  onSaved: (endpoint: Endpoint, example: EndpointExample) => void;
}

interface SaveExampleButtonProps extends SaveExampleTarget {
  response: SavableResponse;
}

/**
 * "Save as example": asks for a name (the status line, numbered if the endpoint has it) and adds the response's
 * status, headers and body to the endpoint's stored examples. Disabled, it says why in its title.
 */
export function SaveExampleButton({ response, endpointId, onSaved }: SaveExampleButtonProps) {
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const reasonId = useId();
  const blocked = whyNotSavable(response, endpointId);
  const open = async () => {
    setProblem(null);
    try {
      const endpoint = await api.getEndpoint(endpointId ?? '');
      setName(
        suggestedExampleName(
          response,
          (endpoint.examples ?? []).map((example) => example.name),
        ),
      );
    } catch (caught) {
      setName(suggestedExampleName(response, []));
      setProblem(messageOf(caught));
    }
  };
  const save = async (chosen: string) => {
    setSaving(true);
    try {
      const example = exampleOfResponse(chosen, response);
      const endpoint = await api.addExample(endpointId ?? '', example);
      setName(null);
      onSaved(endpoint, example);
    } catch (caught) {
      setProblem(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button-small button-ghost save-example"
        disabled={blocked !== null}
        title={blocked ?? 'Keep this response as a named example of its endpoint, for mocks and exports'}
        aria-describedby={blocked === null ? undefined : reasonId}
        onClick={() => void open()}
      >
        <Icon name="plus" size={14} /> Save as example
      </button>
      {blocked !== null && (
        <span id={reasonId} className="visually-hidden">
          {blocked}
        </span>
      )}
      {name !== null && (
        <Dialog
          title="Save as example"
          subtitle={`Status ${response.status}, its headers and its body become a named example of the endpoint.`}
          onClose={() => setName(null)}
          footer={
            <DialogActions
              confirmLabel={saving ? 'Saving…' : 'Save example'}
              form={formId}
              disabled={saving || name.trim() === ''}
              onCancel={() => setName(null)}
            />
          }
        >
          <form
            id={formId}
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim() !== '') void save(name);
            }}
          >
            <label className="field">
              <span className="field-label">Example name</span>
              <input
                className="input"
                value={name}
                maxLength={MAX_EXAMPLE_NAME_LENGTH}
                data-autofocus
                onFocus={(event) => event.target.select()}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            {problem !== null && (
              <p className="form-error" role="alert">
                {problem}
              </p>
            )}
          </form>
        </Dialog>
      )}
    </>
  );
}
