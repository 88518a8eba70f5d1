import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `?service=` of `info/refs`. */
export class InfoRefsQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(50)
  service?: string;
}
