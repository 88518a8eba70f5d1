import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isSlug } from '@shared/platform/paths';
import type { DtoOrganizationUnion } from '@shared/platform/published';
import type { ForgeOrganization } from './org.converter';
import { NotFoundError } from '../../common/errors';
import { Access, RawResponse } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { sendPage } from '../common/send-page';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { avatarSvg } from './avatar-svg';
import { CreateGroupDto, MyGroupsQueryDto, SubGroupsQueryDto, UpdateGroupDto } from './orgs.dto';
import { OrgsService } from './orgs.service';

/** Organizations: the caller's, one by path, and creation. */
@Controller()
export class OrgsController {
  constructor(private readonly orgs: OrgsService) {}

  /** Organizations the caller belongs to. */
  @Get('user/groups')
  @Access({ scope: 'group-resource:r' })
  groups(
    @CurrentPrincipal() principal: Principal,
    @Query() query: MyGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeOrganization[] {
    return sendPage(reply, this.orgs.listMine(principal, toPaging(query), query));
  }

  /** The spec's name for the same list. */
  @Get('user/orgs')
  @Access({ scope: 'group-resource:r' })
  orgList(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeOrganization[] {
    return sendPage(reply, this.orgs.listMine(principal, toPaging(query)));
  }

  /** Sub-groups under `slug` the caller can reach (`slug` may be `org%2Fteam`). */
  @Get('user/groups/:slug')
  @Access({ scope: 'group-resource:r' })
  groupsUnder(
    @CurrentPrincipal() principal: Principal,
    @Param('slug') slug: string,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeOrganization[] {
    return sendPage(
      reply,
      this.orgs.listMySubGroups(principal, slug, toPaging(query), query.access),
    );
  }

  /** The same list under a sub-group named with its slash (`/user/groups/org/team`). */
  @Get('user/groups/:org/:sub')
  @Access({ scope: 'group-resource:r' })
  groupsUnderSubGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('sub') sub: string,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeOrganization[] {
    return this.groupsUnder(principal, `${org}/${sub}`, query, reply);
  }

  /** Sub-groups directly under an organization (`org` may be `org%2Fteam`). */
  @Get(':org/-/sub-groups')
  @Access({ scope: 'group-resource:r' })
  subGroups(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): DtoOrganizationUnion[] {
    return sendPage(reply, this.orgs.listSubGroups(principal, org, toPaging(query), query));
  }

  /** Sub-groups directly under a sub-group named with its slash (`/org/team/-/sub-groups`). */
  @Get(':org/:repo/-/sub-groups')
  @Access({ scope: 'group-resource:r' })
  subGroupsOfSubGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') sub: string,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): DtoOrganizationUnion[] {
    return this.subGroups(principal, `${org}/${sub}`, query, reply);
  }

  /** Create an organization or, with a path `org/team`, a sub-group; the caller becomes its Owner. */
  @Post('groups')
  @HttpCode(201)
  @Access({ scope: 'group-manage:rw' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateGroupDto): void {
    // 201 with no body, as published: callers read the group back by its path.
    this.orgs.create(principal, body);
  }

  /** Generated avatar of a user or an organization (`/-/avatars/<name>.svg`). */
  @Get('-/avatars/:file')
  @RawResponse()
  @Access({ open: true })
  avatar(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    const name = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!isSlug(name)) throw new NotFoundError('No such avatar');
    void reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400');
    return avatarSvg(name);
  }

  /** One organization. */
  @Get(':org')
  @Access({ scope: 'group-resource:r' })
  get(@CurrentPrincipal() principal: Principal, @Param('org') org: string): ForgeOrganization {
    return this.orgs.get(principal, org);
  }

  /** Change an organization's details: 200 with no body, as published. */
  @Put(':org')
  @HttpCode(200)
  @Access({ scope: 'group-manage:rw' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Body() body: UpdateGroupDto,
  ): void {
    this.orgs.update(principal, org, body);
  }

  /** A sub-group's details, named `org/team` with a plain or an encoded slash. */
  @Put(':org/:sub')
  @HttpCode(200)
  @Access({ scope: 'group-manage:rw' })
  updateSubGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('sub') sub: string,
    @Body() body: UpdateGroupDto,
  ): void {
    this.orgs.update(principal, `${org}/${sub}`, body);
  }

  /** Delete an empty organization: 200 with no body, as published. */
  @Delete(':org')
  @HttpCode(200)
  @Access({ scope: 'group-delete:rw' })
  remove(@CurrentPrincipal() principal: Principal, @Param('org') org: string): void {
    this.orgs.delete(principal, org);
  }
}
