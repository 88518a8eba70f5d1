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
import { Access, OrgAccess } from '../access/access.decorator';
import { RawResponse } from '../http/route-config';
import { PageQueryDto, toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { type Caller, CurrentPrincipal, type Principal } from '../access/principal';
import { type GroupContext, Org } from '../access/request-context';
import { avatarSvg } from './avatar-svg';
import { CreateGroupDto, MyGroupsQueryDto, SubGroupsQueryDto, UpdateGroupDto } from './orgs.dto';
import { CHANGING_GROUP, DELETING_GROUP, OrgsService } from './orgs.service';

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
  @OrgAccess('group-resource:r', 'group')
  groupsUnder(
    @Org() ctx: GroupContext<Caller>,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeOrganization[] {
    return sendPage(reply, this.orgs.listMySubGroups(ctx, toPaging(query), query.access));
  }

  /** The same list under a sub-group named with its slash (`/user/groups/org/team`). */
  @Get('user/groups/:org/:sub')
  @OrgAccess('group-resource:r', 'group')
  groupsUnderSubGroup(
    @Org() ctx: GroupContext<Caller>,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeOrganization[] {
    return this.groupsUnder(ctx, query, reply);
  }

  /** Sub-groups directly under an organization (`org` may be `org%2Fteam`). */
  @Get(':org/-/sub-groups')
  @OrgAccess('group-resource:r', 'group')
  subGroups(
    @Org() ctx: GroupContext<Caller>,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): DtoOrganizationUnion[] {
    return sendPage(reply, this.orgs.listSubGroups(ctx, toPaging(query), query));
  }

  /** Sub-groups directly under a sub-group named with its slash (`/org/team/-/sub-groups`). */
  @Get(':org/:repo/-/sub-groups')
  @OrgAccess('group-resource:r', 'group')
  subGroupsOfSubGroup(
    @Org() ctx: GroupContext<Caller>,
    @Query() query: SubGroupsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): DtoOrganizationUnion[] {
    return this.subGroups(ctx, query, reply);
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
  @OrgAccess('group-resource:r', 'group')
  get(@Org() ctx: GroupContext): ForgeOrganization {
    return this.orgs.get(ctx);
  }

  /** Change an organization's details: 200 with no body, as published. */
  @Put(':org')
  @HttpCode(200)
  @OrgAccess('group-manage:rw', 'group', { role: CHANGING_GROUP })
  update(@Org() ctx: GroupContext, @Body() body: UpdateGroupDto): void {
    this.orgs.update(ctx, body);
  }

  /** A sub-group's details, named `org/team` with a plain or an encoded slash. */
  @Put(':org/:sub')
  @HttpCode(200)
  @OrgAccess('group-manage:rw', 'group', { role: CHANGING_GROUP })
  updateSubGroup(@Org() ctx: GroupContext, @Body() body: UpdateGroupDto): void {
    this.orgs.update(ctx, body);
  }

  /** Delete an empty organization: 200 with no body, as published. */
  @Delete(':org')
  @HttpCode(200)
  @OrgAccess('group-delete:rw', 'group', { role: DELETING_GROUP })
  remove(@Org() ctx: GroupContext): void {
    this.orgs.delete(ctx);
  }
}
