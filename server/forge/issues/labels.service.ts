import { Injectable } from '@nestjs/common';
import type { PlatformLabel } from '@shared/platform/types';
import type { Page, Paging } from '../http/paging';
import type { RepoContext } from '../access/request-context';
import { toPlatformLabel } from './issue.converter';
import type { LabelRow } from './issue.types';
import type { CreateLabelDto, UpdateLabelDto } from './issues.dto';
import { NotFoundError } from '../../common/errors';
import { LabelsRepository } from './labels.repository';

/** Colour of labels created implicitly by name (GitHub's default grey). */
export const DEFAULT_LABEL_COLOR = 'ededed';

/** Distinct names, first spelling kept, compared without case. */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** A repository's label set. */
@Injectable()
export class LabelsService {
  constructor(private readonly labels: LabelsRepository) {}

  /** Labels of a repository, by name, optionally filtered by a keyword. */
  list(ctx: RepoContext, keyword: string | undefined, paging: Paging): Page<PlatformLabel> {
    const { repo } = ctx.granted();
    const { rows, total } = this.labels.list(
      repo.id,
      keyword?.trim() || undefined,
      paging.pageSize,
      paging.offset,
    );
    return { items: rows.map(toPlatformLabel), total };
  }

  /** Define a label (needs the Reporter role). */
  create(ctx: RepoContext, input: CreateLabelDto): PlatformLabel {
    const { repo } = ctx.granted();
    return toPlatformLabel(
      this.labels.insert(
        repo.id,
        input.name.trim(),
        input.color.toLowerCase(),
        input.description ?? '',
      ),
    );
  }

  /** Rename a label or change its colour or description (needs the Reporter role). */
  update(ctx: RepoContext, label: string, input: UpdateLabelDto): PlatformLabel {
    const { repo } = ctx.granted();
    const found = this.require(repo.id, label);
    return toPlatformLabel(
      this.labels.update(repo.id, found, {
        ...(input.new_name !== undefined ? { name: input.new_name.trim() } : {}),
        ...(input.color !== undefined ? { color: input.color.toLowerCase() } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      }),
    );
  }

  /** Delete a label from the repository and from everything carrying it (needs the Reporter role). */
  delete(ctx: RepoContext, label: string): void {
    const { repo } = ctx.granted();
    this.labels.delete(this.require(repo.id, label).id);
  }

  private require(repoId: number, label: string): LabelRow {
    const found = this.find(repoId, label);
    if (!found)
      throw new NotFoundError(`No label "${label}" in this repository`, { field: 'name' });
    return found;
  }

  /** The labels of these names in a repository, creating the missing ones with the default colour. */
  ensure(repoId: number, names: readonly string[]): LabelRow[] {
    const wanted = distinctNames(names);
    const existing = this.labels.byNames(repoId, wanted);
    const known = new Set(existing.map((label) => label.name.toLowerCase()));
    const created = wanted
      .filter((label) => !known.has(label.toLowerCase()))
      .map((label) => this.labels.insert(repoId, label, DEFAULT_LABEL_COLOR, ''));
    return [...existing, ...created];
  }

  /** The label of this name in a repository, or undefined. */
  find(repoId: number, name: string): LabelRow | undefined {
    return this.labels.byNames(repoId, [name])[0];
  }
}
