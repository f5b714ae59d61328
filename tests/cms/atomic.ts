import { APIError, type CollectionAfterChangeHook, type Payload } from 'payload';

// Writes that fail leave nothing behind, and a copy of a project made with its rows' ids is a new
// project with rows of its own (issue 41), on whichever database the CMS runs: tests/cms/atomic.test.ts
// runs this on SQLite in the test's process and on Postgres in a process of its own (atomic-instance.mts).
type Doc = Record<string, unknown> & { id: number | string };
type Row = { id?: string; name?: string };

export interface AtomicResult {
  // The copy: its team's names, whether its rows kept any of the source's ids, and its status.
  copyTeam: string[];
  copyReusedIds: boolean;
  copyStatus: unknown;
  // The source's rows afterwards, by id: unchanged.
  sourceRowsKept: boolean;
  // A write refused by a hook after the database took it: what is left of it.
  refused: string;
  leftAfterRefusal: { docs: number; versions: number };
  // An update refused the same way: the document's title and team afterwards.
  titleAfterRefusedUpdate: unknown;
  teamAfterRefusedUpdate: number;
}

// The fields of a document as a client would send them back (no id or timestamps).
function asSent(doc: Doc): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = doc;
  return fields;
}

export async function atomicWrites(
  payload: Payload,
  // Creates a project as the API's client would; the Local API by default.
  createProject: (data: Record<string, unknown>) => Promise<Doc> = async (data) =>
    (await payload.create({ collection: 'projects', data })) as Doc,
): Promise<AtomicResult> {
  const [source] = (await payload.find({ collection: 'projects', limit: 1, depth: 0, sort: 'id' })).docs as Doc[];
  if (!source) throw new Error('No project to copy: the seed has none');
  const sourceRows = (source.team as Row[]).map((row) => row.id);

  const copy = await createProject({ ...asSent(source), title: 'A copy with its rows', _status: 'published' });
  const copied = (await payload.findByID({ collection: 'projects', id: copy.id, depth: 0 })) as Doc;
  const after = (await payload.findByID({ collection: 'projects', id: source.id, depth: 0 })) as Doc;

  // A hook that refuses a write once the database has taken it: everything of the write must go.
  const refuse: CollectionAfterChangeHook = ({ doc }) => {
    if (String(doc.title).startsWith('Refused')) throw new APIError('Refused after the write', 400);
    return doc;
  };
  const hooks = payload.collections.projects!.config.hooks;
  hooks.afterChange = [...(hooks.afterChange ?? []), refuse];
  let refused = 'accepted';
  try {
    await createProject({ ...asSent(source), title: 'Refused copy', _status: 'published' });
  } catch (error) {
    refused = (error as Error).message;
  }
  let updateRefused = false;
  try {
    await payload.update({
      collection: 'projects',
      id: source.id,
      data: { title: 'Refused rename', team: [], _status: 'published' },
    });
  } catch {
    updateRefused = true;
  }
  hooks.afterChange = hooks.afterChange.filter((hook) => hook !== refuse);
  const where = { title: { like: 'Refused' } };
  const left = {
    docs: (await payload.count({ collection: 'projects', where: { or: [where] }, draft: true } as never)).totalDocs,
    versions: (await payload.countVersions({ collection: 'projects', where: { 'version.title': { like: 'Refused' } } }))
      .totalDocs,
  };
  const reread = (await payload.findByID({ collection: 'projects', id: source.id, depth: 0, draft: true })) as Doc;

  return {
    copyTeam: (copied.team as Row[]).map((row) => String(row.name)),
    copyReusedIds: (copied.team as Row[]).some((row) => sourceRows.includes(row.id)),
    copyStatus: copied._status,
    sourceRowsKept:
      JSON.stringify((after.team as Row[]).map((row) => row.id)) === JSON.stringify(sourceRows) &&
      sourceRows.length > 0,
    refused: updateRefused ? refused : `${refused}; the update was accepted`,
    leftAfterRefusal: left,
    titleAfterRefusedUpdate: reread.title,
    teamAfterRefusedUpdate: (reread.team as Row[]).length,
  };
}
