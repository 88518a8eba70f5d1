import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { ListCommitsQuery } from '@shared/platform/types';
import { PageQueryDto } from '../http/paging';

/** `GET /{repo}/-/git/commits`. */
export class ListCommitsQueryDto
  extends PageQueryDto
  implements Omit<ListCommitsQuery, 'page' | 'page_size'>
{
  @IsOptional()
  @IsString()
  sha?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  author?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  committer?: string;

  @IsOptional()
  @IsString()
  since?: string;

  @IsOptional()
  @IsString()
  until?: string;
}
